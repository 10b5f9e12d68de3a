// The seeded people's inboxes (issue 20): when the seeded likes, follows, comments and replies happened, and the
// notices the app would have written for them at those moments, so likes and follows form groups exactly as they do
// live (ADR 024). scripts/seed.ts writes its rows with these times; tests/integration/seed-community.test.ts replays
// the notices on D1 and reads the demo account's inbox.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb, Db } from "../app/db/client.server";
import { notifications, stalls, userAchievements } from "../app/db/schema";
import { DEFAULT_LANGUAGE } from "../app/lib/i18n/languages";
import { translatorFor } from "../app/lib/i18n/translator.server";
import { ACHIEVEMENT_RULES } from "../app/lib/rules/achievements";
import { communityNotice, notice } from "../app/models/notification/notification.server";
import { SEED_ACCOUNTS, SEED_POSTS, SEED_REVIEWERS, type SeedPerson, type SeedPost } from "./seed-data";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Someone last opened their inbox this long ago: what came before is read, what came after is not. */
export const LAST_VISIT_MS = 30 * HOUR_MS;

export const EVERYONE: SeedPerson[] = [...SEED_ACCOUNTS, ...SEED_REVIEWERS].map((person) => person.username);
const nameOf = (person: SeedPerson) =>
  [...SEED_ACCOUNTS, ...SEED_REVIEWERS].find((p) => p.username === person)?.fullName ?? person;

/** Everybody follows everybody, each follow on its own day. */
export const followedAt = (follower: number, followee: number, now: number) =>
  now - (30 - follower - followee) * DAY_MS;

export const postedAt = (post: SeedPost, now: number) => now - post.hoursAgo * HOUR_MS;

/** The others in turn, from a different one for each post, so likes and saves spread over everyone. */
export function othersFor(post: SeedPost, index: number, shift: number): SeedPerson[] {
  const start = (index + shift) % EVERYONE.length;
  return [...EVERYONE.slice(start), ...EVERYONE.slice(0, start)].filter((person) => person !== post.by);
}

/** Who liked the post, and when: spread between the post and now. */
export function likesOf(post: SeedPost, index: number, now: number) {
  const createdAt = postedAt(post, now);
  return othersFor(post, index, 0)
    .slice(0, post.likes)
    .map((person, k) => ({
      person,
      at: createdAt + Math.round(((now - createdAt) * (k + 1)) / (post.likes + 2)),
    }));
}

/** When the post's k-th comment (of `count`) was written, and the r-th reply to one written at `at`. */
export const commentedAt = (post: SeedPost, k: number, count: number, now: number) => {
  const createdAt = postedAt(post, now);
  return createdAt + Math.round(((now - createdAt) * (k + 1)) / (count + 2));
};
export const repliedAt = (at: number, r: number, now: number) => at + Math.round(((now - at) * (r + 1)) / 4);

/** A notice of the seeded community, people by username and posts by their place in SEED_POSTS. */
interface InboxEvent {
  type: "like" | "follow" | "comment";
  to: SeedPerson;
  by: SeedPerson;
  at: number;
  post?: number;
  title: string;
  /** What a comment or reply says. */
  text?: string;
}

/** Every like, follow, comment and reply of the seed as the notice it sends, oldest first (the order a group
 * needs: each notice joins the group the ones before it formed). */
export function seedInboxEvents(now: number): InboxEvent[] {
  const events: InboxEvent[] = [];
  EVERYONE.forEach((follower, i) => {
    EVERYONE.forEach((followee, j) => {
      if (follower !== followee)
        events.push({
          type: "follow",
          to: followee,
          by: follower,
          at: followedAt(i, j, now),
          title: "{name} started following you",
        });
    });
  });
  SEED_POSTS.forEach((post, index) => {
    for (const { person, at } of likesOf(post, index, now))
      events.push({
        type: "like",
        to: post.by,
        by: person,
        at,
        post: index,
        title: "{name} liked your post",
      });
    const comments = post.comments ?? [];
    comments.forEach((comment, k) => {
      const at = commentedAt(post, k, comments.length, now);
      events.push({
        type: "comment",
        to: post.by,
        by: comment.by,
        at,
        post: index,
        title: "{name} commented on your post",
        text: comment.text,
      });
      (comment.replies ?? []).forEach((reply, r) => {
        const replyAt = repliedAt(at, r, now);
        events.push({
          type: "comment",
          to: post.by,
          by: reply.by,
          at: replyAt,
          post: index,
          title: "{name} commented on your post",
          text: reply.text,
        });
        if (comment.by !== post.by)
          events.push({
            type: "comment",
            to: comment.by,
            by: reply.by,
            at: replyAt,
            post: index,
            title: "{name} replied to your comment",
            text: reply.text,
          });
      });
    });
  });
  return events.filter((event) => event.to !== event.by).sort((a, b) => a.at - b.at);
}

/**
 * The statements that write the seed's inboxes: every like, follow, comment and reply's notice at its time; the main
 * demo account's first stall approved 50 hours ago with its First Find badge; and everything older than
 * LAST_VISIT_MS read. `ids` are the people's user ids, `postIds` the public ids of SEED_POSTS in order, `firstStall`
 * an approved stall that becomes the demo account's.
 */
export function seedInboxStatements(
  db: AnyDb,
  context: {
    ids: Map<SeedPerson, string>;
    postIds: string[];
    firstStall: { shopUniqueId: string; name: string };
    now: number;
  },
): BatchItem<"sqlite">[] {
  const { ids, postIds, firstStall, now } = context;
  // notice() only builds statements, which the statement builder does as well as a D1 handle.
  const builder = db as unknown as Db;
  const t = translatorFor(DEFAULT_LANGUAGE);
  const idOf = (person: SeedPerson) => ids.get(person) as string;
  const statements: BatchItem<"sqlite">[] = seedInboxEvents(now).flatMap((event) => {
    const postId = event.post === undefined ? undefined : postIds[event.post];
    return communityNotice(
      builder,
      {
        userId: idOf(event.to),
        actorId: idOf(event.by),
        type: event.type,
        title: t(event.title, { name: nameOf(event.by) }),
        body: event.text?.slice(0, 140) ?? "",
        link: postId ? `/feed?post=${postId}` : `/u/${event.by}`,
        subject: postId ? `post:${postId}` : `user:${idOf(event.by)}`,
      },
      event.at,
    );
  });

  const asha = idOf(SEED_ACCOUNTS[0].username);
  const approvedAt = now - 50 * HOUR_MS;
  const rule = ACHIEVEMENT_RULES.first_find;
  statements.push(
    db.update(stalls).set({ createdBy: asha }).where(eq(stalls.shopUniqueId, firstStall.shopUniqueId)),
    ...notice(
      builder,
      {
        userId: asha,
        actorId: null,
        type: "stall_update",
        title: t('Your stall "{name}" is live', { name: firstStall.name }),
        body: t("A moderator approved it: everyone can find it on Discover and in search now."),
        link: `/stall/${firstStall.shopUniqueId}`,
        subject: "stall:",
      },
      approvedAt,
    ),
    // The stall's row id is only known inside the database.
    db
      .update(notifications)
      .set({
        subject: sql`'stall:' || (SELECT id FROM ${stalls} WHERE shop_unique_id = ${firstStall.shopUniqueId})`,
      })
      .where(sql`${notifications.userId} = ${asha} AND ${notifications.subject} = 'stall:'`),
    db.insert(userAchievements).values({ userId: asha, achievement: "first_find", earnedAt: approvedAt }),
    ...notice(
      builder,
      {
        userId: asha,
        actorId: null,
        type: "achievement",
        title: t("You earned the {badge} badge", { badge: t(rule.name) }),
        body: t(rule.description),
        link: "/profile",
        subject: `user:${asha}`,
      },
      approvedAt,
    ),
    db
      .update(notifications)
      .set({ readAt: sql`${notifications.createdAt} + ${HOUR_MS}` })
      .where(sql`${notifications.createdAt} < ${now - LAST_VISIT_MS}`),
  );
  return statements;
}
