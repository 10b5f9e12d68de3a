// Loads seed data into the local D1 that `npm start` serves.
//   npm run db:seed                      the embedded stalls and accounts (refuses a non-empty database)
//   npm run db:seed -- --if-empty        the same, silently skipped when stalls exist (used by npm start)
//   npm run db:seed -- --stalls 100000   adds that many synthetic stalls, e.g. to try the app at scale
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getPlatformProxy } from "wrangler";
import { type Db, getDb } from "../app/db/client.server";
import {
  feedEntries,
  follows,
  labelNames,
  postComments,
  postLikes,
  postSaves,
  posts,
  reviewLikes,
  reviews,
  stallConfirmations,
  stalls,
  trailSaves,
} from "../app/db/schema";
import { hashPassword } from "../app/lib/auth/password";
import { randomId } from "../app/lib/auth/tokens";
import { DEFAULT_LANGUAGE } from "../app/lib/i18n/languages";
import { translatorFor } from "../app/lib/i18n/translator.server";
import { gridCell } from "../app/lib/rules/geo";
import { mentionedUsernames } from "../app/lib/rules/post-text";
import { newTrailStatements, recomputeSaves } from "../app/models/food-trail/food-trail.server";
import { refreshHotScores } from "../app/models/hot-score.server";
import { communityNotice } from "../app/models/notification/notification.server";
import { authorFields } from "../app/models/post/post.server";
import { newReviewStatement, recomputeRating } from "../app/models/review.server";
import { newStallStatements } from "../app/models/stall/stall.server";
import { newUserStatements } from "../app/models/user.server";
import { statementBuilder, toSqlText } from "./lib/sql-text";
import { offlineEnv, queryLocal, wrangler } from "./lib/wrangler";
import {
  embeddedStalls,
  SEED_ACCOUNTS,
  SEED_LABEL_NAMES,
  SEED_POSTS,
  SEED_REVIEWERS,
  SEED_STILL_HERE,
  SEED_TRAILS,
  type SeedPerson,
  seedReviews,
  syntheticStalls,
} from "./seed-data";
import {
  commentedAt,
  followedAt,
  likesOf,
  othersFor,
  postedAt,
  repliedAt,
  seedInboxStatements,
} from "./seed-notifications";
import { putSeedReelMedia, SEED_REEL_DIR, SEED_REELS, seedReelStatements } from "./seed-reels";

const { values } = parseArgs({
  options: { "if-empty": { type: "boolean", default: false }, stalls: { type: "string" } },
});

function execute(lines: string[], label: string) {
  const dir = mkdtempSync(join(tmpdir(), "nukkad-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, lines.join("\n"));
    wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file], { quiet: true });
    console.log(label);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function seedEmbedded() {
  const [{ n } = { n: 0 }] = queryLocal<{ n: number }>("SELECT COUNT(*) AS n FROM stalls");
  if (n > 0) {
    if (values["if-empty"]) return await addReelsIfNone(Date.now());
    throw new Error(`The local database already has ${n} stalls; seed data goes only into an empty one.`);
  }
  const lines: string[] = [];
  const accountIds: string[] = [];
  // The seeded people have been members for months, as on a live site: a day-old account is a new one, with a new
  // account's limits (ADR 051).
  const joinedAt = Date.now() - 180 * 24 * 60 * 60 * 1000;
  for (const account of SEED_ACCOUNTS) {
    const { id, statements } = newUserStatements(statementBuilder, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      fullName: account.fullName,
      username: account.username,
      role: account.role,
      emailVerifiedAt: joinedAt,
      createdAt: joinedAt,
    });
    accountIds.push(id);
    lines.push(...toSqlText(statements));
  }
  const reviewerIds: string[] = [];
  for (const reviewer of SEED_REVIEWERS) {
    const { id, statements } = newUserStatements(statementBuilder, {
      ...reviewer,
      passwordHash: null,
      emailVerifiedAt: joinedAt,
      createdAt: joinedAt,
    });
    reviewerIds.push(id);
    lines.push(...toSqlText(statements));
  }
  const now = Date.now();
  const { approved, pending } = embeddedStalls(now);
  const reviews = seedReviews(approved, now);
  let reviewCount = 0;
  const recentReviews: { shopUniqueId: string; userId: string; createdAt: number }[] = [];
  const stallsByName = new Map<string, ((typeof approved)[number] & { shopUniqueId: string })[]>();
  for (const [index, stall] of approved.entries()) {
    const { shopUniqueId, statements } = newStallStatements(statementBuilder, stall);
    stallsByName.set(stall.name, [...(stallsByName.get(stall.name) ?? []), { ...stall, shopUniqueId }]);
    lines.push(...toSqlText(statements));
    const stallReviews = reviews[index] ?? [];
    for (const review of stallReviews.filter((r) => r.createdAt >= now - 7 * DAY_MS)) {
      recentReviews.push({
        shopUniqueId,
        userId: reviewerIds[review.reviewer] as string,
        createdAt: review.createdAt,
      });
    }
    if (stallReviews.length === 0) continue;
    reviewCount += stallReviews.length;
    lines.push(
      ...toSqlText([
        ...stallReviews.map((review) =>
          newReviewStatement(statementBuilder, {
            shopUniqueId,
            userId: reviewerIds[review.reviewer] as string,
            rating: review.rating,
            body: review.body,
            createdAt: review.createdAt,
          }),
        ),
        // The stall's figures come from its reviews, by the statement the app runs after every review.
        recomputeRating(
          statementBuilder,
          sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`,
        ),
      ]),
    );
  }
  for (const stall of pending) {
    const submitted = { ...stall, createdBy: accountIds[0] ?? null };
    lines.push(...toSqlText(newStallStatements(statementBuilder, submitted).statements));
  }
  for (const trail of SEED_TRAILS) {
    const { publicId, statements } = newTrailStatements(statementBuilder, {
      authorId: trail.author === "curated" ? null : (reviewerIds[trail.author] as string),
      curated: trail.author === "curated",
      title: trail.title,
      description: trail.description,
      visibility: "public",
      start: null,
      createdAt: now - trail.daysAgo * 24 * 60 * 60 * 1000,
      stops: trail.stops.map(({ stall: name, note }) => {
        // A name two stalls share ("Midnight Raju") cannot say which one a trail means.
        const [stall, ...namesakes] = stallsByName.get(name) ?? [];
        if (!stall || namesakes.length > 0) {
          throw new Error(`Seed trail "${trail.title}": no single seeded stall is named "${name}"`);
        }
        return { stall, note };
      }),
    });
    const trailRowId = sql`(SELECT id FROM trails WHERE public_id = ${publicId})`;
    lines.push(
      ...toSqlText([
        ...statements,
        ...trail.savedBy.map((reviewer) =>
          statementBuilder
            .insert(trailSaves)
            .values({ trailId: trailRowId, userId: reviewerIds[reviewer] as string }),
        ),
        recomputeSaves(statementBuilder, trailRowId),
      ]),
    );
  }
  const people = new Map<SeedPerson, string>([
    ...SEED_ACCOUNTS.map((account, index) => [account.username, accountIds[index] as string] as const),
    ...SEED_REVIEWERS.map((reviewer, index) => [reviewer.username, reviewerIds[index] as string] as const),
  ]);
  const community = communityStatements(people, stallsByName, recentReviews, now);
  lines.push(...toSqlText(community.statements));
  lines.push(
    ...toSqlText([
      statementBuilder
        .insert(labelNames)
        .values(Object.entries(SEED_LABEL_NAMES).map(([label, hindi]) => ({ label, hindi }))),
    ]),
  );
  execute(
    lines,
    `Seeded ${approved.length} approved and ${pending.length} pending stalls, ${reviewCount} reviews, ${SEED_TRAILS.length} food trails, ${SEED_ACCOUNTS.length} accounts, ${SEED_POSTS.length} posts with ${community.comments} comments, ${community.follows} follows, and the Hindi names of ${Object.keys(SEED_LABEL_NAMES).length} labels.`,
  );
  await seedReels(now);
  await refreshScores(now);
}

/**
 * The seed reels (scripts/seed-reels.ts): their clips and posters into the local R2 first, so that every reel row
 * written after them points at stored bytes (as the app keeps it), then the rows.
 */
async function seedReels(now: number) {
  await withLocalBindings((env) =>
    putSeedReelMedia(env.PHOTOS, (file) => new Uint8Array(readFileSync(join(SEED_REEL_DIR, file)))),
  );
  const pending = SEED_REELS.filter((reel) => reel.pending).length;
  execute(
    toSqlText(seedReelStatements(statementBuilder, now)),
    `Seeded ${SEED_REELS.length - pending} approved reels and ${pending} waiting for review, with their clips.`,
  );
}

/**
 * A database seeded before there were reels gets them from `--if-empty` (so `npm start` plays /reels on it too):
 * only while it has no reel at all, and all the seeded people and stalls the seed reels need.
 */
async function addReelsIfNone(now: number) {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const people = [
    ...new Set([
      ...SEED_ACCOUNTS.map((account) => account.username),
      ...SEED_REELS.flatMap((reel) => [reel.by, ...reel.likedBy, ...reel.savedBy]),
    ]),
  ];
  const stallNames = [...new Set(SEED_REELS.map((reel) => reel.stall))];
  const [found] = queryLocal<{ reels: number; people: number; stalls: number }>(
    `SELECT (SELECT count(*) FROM reels) AS reels,
       (SELECT count(DISTINCT username) FROM profiles WHERE username IN (${people.map(quoted).join(", ")})) AS people,
       (SELECT count(DISTINCT name) FROM stalls WHERE status = 'approved' AND name IN (${stallNames.map(quoted).join(", ")})) AS stalls`,
  );
  if (found?.reels === 0 && found.people === people.length && found.stalls === stallNames.length)
    await seedReels(now);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface SeededStall {
  shopUniqueId: string;
  latitude: number;
  longitude: number;
  images?: string[];
}

/**
 * The community of a fresh install (issue 19): the eight seeded people all follow each other; SEED_POSTS with their
 * likes, saves and comments (counts then set from the rows, by the same count the app keeps them with); the 'mention'
 * notices the app would have written for their @mentions; likes on the week's reviews; and 'Still here?' answers.
 * Engagement is dated between a post and now, so Trending This Week counts it.
 */
function communityStatements(
  people: Map<SeedPerson, string>,
  stallsByName: Map<string, SeededStall[]>,
  recentReviews: { shopUniqueId: string; userId: string; createdAt: number }[],
  now: number,
) {
  const db = statementBuilder;
  const everyone = [...people.keys()];
  const idOf = (person: SeedPerson) => people.get(person) as string;
  const stallNamed = (name: string) => {
    const [stall, ...namesakes] = stallsByName.get(name) ?? [];
    if (!stall || namesakes.length > 0)
      throw new Error(`Seed post: no single seeded stall is named "${name}"`);
    return stall;
  };
  const stallRowId = (stall: SeededStall) =>
    sql`(SELECT id FROM stalls WHERE shop_unique_id = ${stall.shopUniqueId})`;
  const statements: BatchItem<"sqlite">[] = [];

  let followCount = 0;
  everyone.forEach((follower, i) => {
    everyone.forEach((followee, j) => {
      if (follower === followee) return;
      followCount++;
      statements.push(
        db.insert(follows).values({
          followerId: idOf(follower),
          followeeId: idOf(followee),
          createdAt: followedAt(i, j, now),
        }),
      );
    });
  });

  const t = translatorFor(DEFAULT_LANGUAGE);
  let commentCount = 0;
  const postIds: string[] = [];
  SEED_POSTS.forEach((post, index) => {
    const stall = stallNamed(post.stall);
    const writer = idOf(post.by);
    const publicId = randomId();
    postIds.push(publicId);
    const createdAt = postedAt(post, now);
    const age = now - createdAt;
    const postRowId = sql`(SELECT id FROM posts WHERE public_id = ${publicId})`;
    statements.push(
      db.insert(posts).values({
        publicId,
        userId: writer,
        ...authorFields(writer),
        type: post.type,
        body: post.text,
        stallId: stallRowId(stall),
        gridCell: gridCell(stall.latitude, stall.longitude),
        images: post.photo && stall.images?.[0] ? [stall.images[0]] : [],
        createdAt,
      }),
    );
    for (const { person, at } of likesOf(post, index, now))
      statements.push(
        db.insert(postLikes).values({ postId: postRowId, userId: idOf(person), createdAt: at }),
      );
    othersFor(post, index, 3)
      .slice(0, post.saves)
      .forEach((person, k) => {
        statements.push(
          db.insert(postSaves).values({
            postId: postRowId,
            userId: idOf(person),
            createdAt: createdAt + Math.round((age * (k + 1.5)) / (post.saves + 2)),
          }),
        );
      });

    // A person is told once per post they are mentioned in, in the post or any of its comments (mentionNotices).
    const mentioned = new Set<string>();
    const mentions = (text: string, by: SeedPerson, at: number, where: "post" | "comment") => {
      for (const name of mentionedUsernames(text)) {
        const person = people.get(name as SeedPerson);
        if (!person || mentioned.has(person)) continue;
        const byName = [...SEED_ACCOUNTS, ...SEED_REVIEWERS].find((p) => p.username === by)?.fullName ?? by;
        // communityNotice only builds statements, which the statement builder does as well as a D1 handle. Dated
        // when the mention was written, not when the seed ran.
        const notice = communityNotice(
          db as unknown as Db,
          {
            userId: person,
            actorId: idOf(by),
            type: "mention",
            title:
              where === "post"
                ? t("{name} mentioned you in a post", { name: byName })
                : t("{name} mentioned you in a comment", { name: byName }),
            body: text.slice(0, 140),
            link: `/feed?post=${publicId}`,
            subject: `post:${publicId}`,
          },
          at,
        );
        if (notice.length === 0) continue;
        mentioned.add(person);
        statements.push(...notice);
      }
    };
    mentions(post.text, post.by, createdAt, "post");

    const comments = post.comments ?? [];
    comments.forEach((comment, k) => {
      const at = commentedAt(post, k, comments.length, now);
      commentCount++;
      statements.push(
        db
          .insert(postComments)
          .values({ postId: postRowId, userId: idOf(comment.by), body: comment.text, createdAt: at }),
      );
      mentions(comment.text, comment.by, at, "comment");
      (comment.replies ?? []).forEach((reply, r) => {
        const replyAt = repliedAt(at, r, now);
        commentCount++;
        statements.push(
          db.insert(postComments).values({
            postId: postRowId,
            userId: idOf(reply.by),
            // The comment just inserted: the newest top-level one of this post.
            parentId: sql`(SELECT max(id) FROM post_comments WHERE post_id = ${postRowId} AND parent_id IS NULL)`,
            body: reply.text,
            createdAt: replyAt,
          }),
        );
        mentions(reply.text, reply.by, replyAt, "comment");
      });
    });
  });

  // A few of the week's reviews liked by one to three of the others.
  recentReviews.slice(0, 12).forEach((review, index) => {
    const likers = everyone
      .map(idOf)
      .filter((id) => id !== review.userId)
      .slice(index % 4, (index % 4) + 1 + (index % 3));
    const reviewRowId = sql`(SELECT id FROM reviews WHERE user_id = ${review.userId} AND stall_id = (SELECT id FROM stalls WHERE shop_unique_id = ${review.shopUniqueId}))`;
    likers.forEach((userId, k) => {
      statements.push(
        db.insert(reviewLikes).values({
          reviewId: reviewRowId,
          userId,
          createdAt:
            review.createdAt + Math.round(((now - review.createdAt) * (k + 1)) / (likers.length + 1)),
        }),
      );
    });
  });

  for (const answer of SEED_STILL_HERE) {
    statements.push(
      db.insert(stallConfirmations).values({
        stallId: stallRowId(stallNamed(answer.stall)),
        userId: idOf(answer.by),
        answer: "still_here",
        createdAt: now - answer.daysAgo * DAY_MS - HOUR_MS,
      }),
    );
  }

  // Everyone's notices of the above at their times, grouped as the app groups them (issue 20); the main demo
  // account's first stall is the one of its first post.
  const firstPost = SEED_POSTS.find((post) => post.by === SEED_ACCOUNTS[0].username);
  if (firstPost) {
    const { shopUniqueId } = stallNamed(firstPost.stall);
    statements.push(
      ...seedInboxStatements(db, {
        ids: people,
        postIds,
        firstStall: { shopUniqueId, name: firstPost.stall },
        now,
      }),
    );
  }

  // Every follower's Following entries, as sharing each post would have written them (ADR 023); and the counts from
  // the rows, as the app's own statements keep them (app/models/post/).
  statements.push(
    db.insert(feedEntries).select(
      db
        .select({
          followerId: follows.followerId,
          createdAt: posts.createdAt,
          postId: posts.id,
          authorId: posts.userId,
        })
        .from(posts)
        .innerJoin(follows, eq(follows.followeeId, posts.userId)),
    ),
    db.update(posts).set({
      likeCount: sql`(SELECT count(*) FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id})`,
      saveCount: sql`(SELECT count(*) FROM ${postSaves} WHERE ${postSaves.postId} = ${posts.id})`,
      commentCount: sql`(SELECT count(*) FROM ${postComments} WHERE ${postComments.postId} = ${posts.id} AND ${postComments.hiddenAt} IS NULL)`,
    }),
    db
      .update(reviews)
      .set({
        likeCount: sql`(SELECT count(*) FROM ${reviewLikes} WHERE ${reviewLikes.reviewId} = ${reviews.id})`,
      })
      .where(sql`${reviews.id} IN (SELECT review_id FROM ${reviewLikes})`),
    db
      .update(stalls)
      .set({
        lastConfirmedAt: sql`(SELECT max(created_at) FROM ${stallConfirmations} WHERE stall_id = ${stalls.id} AND answer = 'still_here')`,
      })
      .where(sql`${stalls.id} IN (SELECT stall_id FROM ${stallConfirmations} WHERE answer = 'still_here')`),
  );
  return { statements, comments: commentCount, follows: followCount };
}

/**
 * For You's hot scores and Home's trending stalls, by the scheduled job itself (refreshHotScores) on the local D1
 * just seeded, so both show the seed's engagement before the first Cron Trigger.
 */
async function refreshScores(now: number) {
  const refreshed = await withLocalBindings((env) => refreshHotScores(getDb(env.DB), env.KV, now));
  console.log(`Scored ${refreshed.posts} posts and ${refreshed.stalls} trending stalls.`);
}

/** The local D1, KV and R2 (NUKKAD_PERSIST_TO's when set) as the Worker's bindings, through wrangler's proxy. */
async function withLocalBindings<T>(use: (env: Env) => Promise<T>): Promise<T> {
  Object.assign(process.env, offlineEnv());
  const state = join(process.env.NUKKAD_PERSIST_TO ?? ".wrangler/state", "v3");
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: state } });
  try {
    return await use(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

function seedSynthetic(count: number) {
  const seed = Date.now() % 100000;
  const chunk = 5000;
  for (let start = 0; start < count; start += chunk) {
    const stalls = syntheticStalls(Math.min(chunk, count - start), seed + start, Date.now());
    const lines = stalls.flatMap((stall) =>
      toSqlText(newStallStatements(statementBuilder, stall).statements),
    );
    execute(lines, `Added synthetic stalls ${start + 1}-${start + stalls.length} of ${count}.`);
  }
}

if (values.stalls) {
  const count = Number(values.stalls);
  if (!Number.isInteger(count) || count < 1) throw new Error("--stalls takes a whole number above 0");
  seedSynthetic(count);
} else {
  await seedEmbedded();
}
