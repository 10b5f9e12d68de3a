import { and, count, desc, eq, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { follows, posts, profiles, users } from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { ProfileVisibility } from "~/lib/rules/options";
import { isProfileLimited } from "~/lib/rules/profile-visibility";
import type { PersonPage, PersonView } from "~/lib/schemas/community";
import { invalidCursor } from "~/models/stall/stall.server";
import { blockedEitherWay, inFeedsOf, unblocked } from "./block.server";
import { ModelError } from "./model-error";
import { communityNotice, refreshUnreadCounts } from "./notification/notification.server";
import { memberNamed, personColumns, personView } from "./person.server";
import { backfillFollow, dropFollow } from "./post/post.server";

// Follows (issue 19): one row per follower and followee. Counts are read from the rows (an indexed count each), so
// they are never out of step with them.

export const PEOPLE_PAGE_SIZE = 20;

export const USER_NOT_FOUND = msg("User not found");
export const CANNOT_FOLLOW_YOURSELF = msg("You cannot follow yourself");
export const FOLLOWERS_ONLY = msg("Only their followers can see who they follow and who follows them");

export interface Member {
  id: string;
  username: string;
  visibility: ProfileVisibility;
  language: Language | null;
}

/** The member with this username, or null (unknown, or the account was deleted). */
export async function findMember(db: Db, username: string): Promise<Member | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: profiles.username,
      visibility: profiles.profileVisibility,
      language: profiles.language,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(memberNamed(username))
    .limit(1);
  return row?.username ? { ...row, username: row.username } : null;
}

/** Whether `followerId` follows `followeeId`: one primary-key lookup. */
export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Follows (true), unfollows (false) or flips (undefined) `username` for `followerId`, answering the state and the
 * followee's follower count after it. Repeating an explicit value changes nothing. A new follow row notifies the
 * followee in the same batch, and only when this batch inserted it, so a double click or two racing requests
 * notify once; unfollowing never notifies. The same batches copy the followee's recent posts into the follower's
 * Following, or take them out (ADR 023). Between people blocked either way the other is not there (404, ADR 048).
 */
export async function setFollow(
  db: Db,
  kv: KVNamespace,
  followerId: string,
  username: string,
  following?: boolean,
): Promise<{ following: boolean; followers_count: number }> {
  const followee = await findMember(db, username);
  if (!followee || (await blockedEitherWay(db, followerId, followee.id)))
    throw new ModelError(404, USER_NOT_FOUND);
  if (followee.id === followerId) throw new ModelError(400, CANNOT_FOLLOW_YOURSELF);
  const wanted = following ?? !(await isFollowing(db, followerId, followee.id));
  const pair = and(eq(follows.followerId, followerId), eq(follows.followeeId, followee.id));
  const counted = db.select({ n: count() }).from(follows).where(eq(follows.followeeId, followee.id));
  if (!wanted) {
    const [, , [figures]] = await db.batch([
      db.delete(follows).where(pair),
      dropFollow(db, followerId, followee.id),
      counted,
    ]);
    return { following: false, followers_count: figures?.n ?? 0 };
  }
  const follower = await followerName(db, followerId);
  const t = translatorFor(followee.language ?? DEFAULT_LANGUAGE);
  const notices = communityNotice(db, {
    userId: followee.id,
    actorId: followerId,
    type: "follow",
    title: t("{name} started following you", { name: follower.name }),
    // Someone who has not chosen a username yet has no public profile: the followee's own shows them in its list.
    link: `/u/${follower.username ?? followee.username}`,
    subject: `user:${followerId}`,
    onlyAfterChange: true,
  });
  const insert = db.insert(follows).values({ followerId, followeeId: followee.id }).onConflictDoNothing();
  const backfill = backfillFollow(db, followerId, followee.id);
  // The notice comes right after the insert: it reads the insert's changes().
  const results = await db.batch([insert, ...notices, backfill, counted]);
  await refreshUnreadCounts(db, kv, [followee.id]);
  const figures = results[results.length - 1] as { n: number }[];
  return { following: true, followers_count: figures[0]?.n ?? 0 };
}

async function followerName(db: Db, userId: string): Promise<{ name: string; username: string | null }> {
  const [row] = await db
    .select({ name: profiles.fullName, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw new ModelError(401, "Please log in first!");
  return row;
}

type Person = PersonPage["data"][number];

/**
 * A page of the people who follow `username` or whom `username` follows, newest follow first, by keyset on (follow
 * time, the other person's id): the (followee, created_at) and (follower, created_at) indexes are read from the
 * cursor on, never an OFFSET. A profile limited to followers keeps its lists from everyone else (403); between people
 * blocked either way the lists are not there (404), and nobody the reader is blocked with is in one (ADR 048).
 */
export async function listPeople(
  db: Db,
  viewer: { id: string } | null,
  username: string,
  list: "followers" | "following",
  cursor?: string,
): Promise<PersonPage> {
  const member = await findMember(db, username);
  const viewerId = viewer?.id ?? null;
  if (!member || (viewerId !== null && (await blockedEitherWay(db, viewerId, member.id))))
    throw new ModelError(404, USER_NOT_FOUND);
  const viewerFollows = viewerId !== null && (await isFollowing(db, viewerId, member.id));
  if (isProfileLimited(member, viewerId, viewerFollows)) throw new ModelError(403, FOLLOWERS_ONLY);

  const [mine, theirs] =
    list === "followers"
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  const after = cursor === undefined ? null : cursorValues(cursor);
  const rows = await db
    .select({
      at: follows.createdAt,
      ...personColumns,
      viewerFollows: viewerId
        ? sql<number>`EXISTS (SELECT 1 FROM ${follows} AS v WHERE v.follower_id = ${viewerId} AND v.followee_id = ${theirs})`
        : sql<number>`0`,
    })
    .from(follows)
    .innerJoin(profiles, eq(profiles.userId, theirs))
    .where(
      and(
        eq(mine, member.id),
        unblocked(viewerId, theirs),
        after
          ? // The bound on created_at alone is what the index can seek to; the OR settles ties within it.
            and(lte(follows.createdAt, after.at), or(lt(follows.createdAt, after.at), lt(theirs, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(theirs))
    .limit(PEOPLE_PAGE_SIZE + 1);
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => withFollowing(row, viewerId, Boolean(row.viewerFollows))),
    next_cursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodeCursor([last.at, last.id]) : null,
  };
}

function cursorValues(cursor: string): { at: number; id: string } {
  const [at, id, ...rest] = decodeCursor(cursor) ?? [];
  if (typeof at !== "number" || !Number.isFinite(at) || typeof id !== "string" || rest.length > 0)
    throw invalidCursor();
  return { at, id };
}

function withFollowing(
  row: Parameters<typeof personView>[0],
  viewerId: string | null,
  viewerFollows: boolean,
): Person {
  return { ...personView(row), following: viewerId === null || viewerId === row.id ? null : viewerFollows };
}

/** How many of the newest visible posts suggestions look at for active posters. */
const RECENT_POSTS = 200;
/** Follower counts past this rank alike: the count stops reading there. */
const FOLLOWERS_COUNTED = 1000;

/**
 * People to follow, for an empty Following tab: the authors of the newest visible posts whom `viewerId` does not
 * follow yet (never themself, nor a deleted account), most followed first. The candidates come from the newest
 * RECENT_POSTS posts through their index, and each count stops at FOLLOWERS_COUNTED rows, so a very popular author
 * costs no more than that. Nobody the viewer blocked or muted, or who blocked them, is suggested.
 */
export async function suggestPeople(db: Db, viewerId: string, limit = 5): Promise<PersonView[]> {
  const recent = db
    .select({ authorId: posts.userId })
    .from(posts)
    .where(isNull(posts.hiddenAt))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(RECENT_POSTS)
    .as("recent");
  const followersCounted = sql<number>`(SELECT count(*) FROM (SELECT 1 FROM ${follows} AS c WHERE c.followee_id = ${profiles.userId} LIMIT ${FOLLOWERS_COUNTED}))`;
  const rows = await db
    .select({ ...personColumns, followers: followersCounted, recentPosts: count() })
    .from(recent)
    .innerJoin(profiles, eq(profiles.userId, recent.authorId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        ne(recent.authorId, viewerId),
        inFeedsOf(viewerId, recent.authorId),
        isNull(users.deletedAt),
        isNotNull(profiles.username),
        notExists(
          db
            .select({ one: sql`1` })
            .from(follows)
            .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, recent.authorId))),
        ),
      ),
    )
    .groupBy(recent.authorId)
    .orderBy(desc(followersCounted), desc(count()), profiles.userId)
    .limit(limit);
  return rows.map(personView);
}
