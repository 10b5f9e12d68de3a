import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { favourites, postLikes, posts, reviewLikes, reviews, stalls } from "~/db/schema";
import { hotScore } from "~/lib/rules/hot-score";
import { refreshHotScores } from "~/models/hot-score.server";
import { readPublicContentVersion } from "~/models/public-content.server";
import { trendingStalls } from "~/models/stall/stall.server";
import { runScheduledJobs } from "../../workers/scheduled";
import { createStall, createUser } from "../factories";

// The hourly job against real D1: posts ranked as the formula says, stalls trending from the week's engagement
// only, stalls without any dropping out, and a second run changing nothing.

const db = getDb(env.DB);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 25, 12);

let postSeq = 0;
async function insertPost(
  userId: string,
  values: Partial<typeof posts.$inferInsert> & { createdAt: number },
): Promise<number> {
  postSeq += 1;
  const [row] = await db
    .insert(posts)
    .values({ publicId: `hot-post-${postSeq}`, userId, type: "tip", body: `Post ${postSeq}`, ...values })
    .returning({ id: posts.id });
  return row?.id ?? 0;
}

async function stallId(shopUniqueId: string): Promise<number> {
  const [row] = await db.select({ id: stalls.id }).from(stalls).where(eq(stalls.shopUniqueId, shopUniqueId));
  return row?.id ?? 0;
}

async function newStall() {
  const stall = await createStall(env, { discoveryTags: [] });
  return { ...stall, id: await stallId(stall.shopUniqueId) };
}

const scoresOf = async (ids: number[]) =>
  new Map(
    (await db.select({ id: posts.id, score: posts.hotScore }).from(posts).where(inArray(posts.id, ids))).map(
      (row) => [row.id, row.score],
    ),
  );

const trendingOf = async (id: number) =>
  (await db.select({ score: stalls.trendingScore }).from(stalls).where(eq(stalls.id, id)))[0]?.score;

describe("post hot scores", () => {
  it("orders the week's posts as the formula says, sets older ones to 0 and leaves hidden ones alone", async () => {
    const author = await createUser(env);
    const fresh = await insertPost(author.id, { createdAt: NOW - HOUR });
    const popularYesterday = await insertPost(author.id, {
      createdAt: NOW - DAY,
      likeCount: 30,
      commentCount: 5,
      saveCount: 2,
    });
    const quietYesterday = await insertPost(author.id, { createdAt: NOW - DAY, likeCount: 1 });
    const savedYesterday = await insertPost(author.id, { createdAt: NOW - DAY, saveCount: 1 });
    // Scored by an earlier run, now past the window.
    const old = await insertPost(author.id, { createdAt: NOW - 8 * DAY, likeCount: 500, hotScore: 12.5 });
    const hidden = await insertPost(author.id, {
      createdAt: NOW - HOUR,
      likeCount: 9,
      hotScore: 42,
      hiddenAt: NOW,
      hiddenReason: "spam",
    });

    await refreshHotScores(db, env.KV, NOW);

    const scores = await scoresOf([fresh, popularYesterday, quietYesterday, savedYesterday, old, hidden]);
    expect(scores.get(popularYesterday)).toBeCloseTo(
      hotScore({ likes: 30, comments: 5, saves: 2, createdAt: NOW - DAY }, NOW),
      6,
    );
    const order = [fresh, popularYesterday, savedYesterday, quietYesterday];
    const ranked = [...order].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
    expect(ranked).toEqual(order);
    expect(scores.get(old)).toBe(0);
    expect(scores.get(hidden)).toBe(42);
  });

  it("lets a new post overtake an older popular one as the scheduled jobs run", async () => {
    const author = await createUser(env);
    const popular = await insertPost(author.id, { createdAt: NOW - HOUR, likeCount: 20 });
    const rival = await insertPost(author.id, { createdAt: NOW - HOUR });
    await runScheduledJobs(env, NOW);
    let scores = await scoresOf([popular, rival]);
    expect(scores.get(popular)).toBeGreaterThan(scores.get(rival) ?? 0);
    const fresh = await insertPost(author.id, { createdAt: NOW + 20 * HOUR });
    await runScheduledJobs(env, NOW + 20 * HOUR);
    scores = await scoresOf([popular, fresh]);
    expect(scores.get(fresh)).toBeGreaterThan(scores.get(popular) ?? 0);
  });
});

describe("trending stalls", () => {
  it("come from the last 7 days' engagement only, ordered by score, and drop out without any", async () => {
    const [fans, reviewer] = await Promise.all([createUser(env), createUser(env)]);
    const busy = await newStall();
    const quiet = await newStall();
    const stale = await newStall();
    const fading = await newStall();

    // busy: 1 bookmark, 1 review, 1 pinned post, 2 likes this week.
    await db.insert(favourites).values({ userId: fans.id, stallId: busy.id, createdAt: NOW - DAY });
    const [review] = await db
      .insert(reviews)
      .values({ stallId: busy.id, userId: reviewer.id, rating: 5, createdAt: NOW - 2 * DAY })
      .returning({ id: reviews.id });
    const pinned = await insertPost(reviewer.id, { createdAt: NOW - 3 * DAY, stallId: busy.id });
    await db.insert(postLikes).values({ postId: pinned, userId: fans.id, createdAt: NOW - HOUR });
    await db
      .insert(reviewLikes)
      .values({ reviewId: review?.id ?? 0, userId: fans.id, createdAt: NOW - HOUR });
    // quiet: one bookmark this week.
    await db.insert(favourites).values({ userId: fans.id, stallId: quiet.id, createdAt: NOW - 6 * DAY });
    // stale: plenty, all older than a week.
    await db.insert(favourites).values({ userId: fans.id, stallId: stale.id, createdAt: NOW - 8 * DAY });
    await db
      .insert(reviews)
      .values({ stallId: stale.id, userId: fans.id, rating: 5, createdAt: NOW - 9 * DAY });
    await insertPost(reviewer.id, { createdAt: NOW - 10 * DAY, stallId: stale.id });
    // fading: trended at the last run, nothing since.
    await db.update(stalls).set({ trendingScore: 7 }).where(eq(stalls.id, fading.id));

    await refreshHotScores(db, env.KV, NOW);

    expect(await trendingOf(busy.id)).toBe(2 + 3 + 3 + 1 + 1);
    expect(await trendingOf(quiet.id)).toBe(2);
    expect(await trendingOf(stale.id)).toBe(0);
    expect(await trendingOf(fading.id)).toBe(0);

    const home = await trendingStalls(db, { tag: null, limit: 50, now: new Date(NOW) });
    const ids = home.map((stall) => stall.id);
    expect(ids.indexOf(busy.shopUniqueId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(busy.shopUniqueId)).toBeLessThan(ids.indexOf(quiet.shopUniqueId));
    expect(ids).not.toContain(stale.shopUniqueId);
    expect(ids).not.toContain(fading.shopUniqueId);
    expect(home.find((stall) => stall.id === busy.shopUniqueId)?.discovery_tags).toContain("trending now");

    // A week later busy has nothing new and drops out too.
    await refreshHotScores(db, env.KV, NOW + 8 * DAY);
    expect(await trendingOf(busy.id)).toBe(0);
  });

  it("a second run changes nothing and leaves the public content version alone", async () => {
    const fan = await createUser(env);
    const stall = await newStall();
    await db.insert(favourites).values({ userId: fan.id, stallId: stall.id, createdAt: NOW - HOUR });
    const author = await createUser(env);
    await insertPost(author.id, { createdAt: NOW - 20 * DAY, hotScore: 3 });

    const first = await refreshHotScores(db, env.KV, NOW);
    expect(first.stalls).toBeGreaterThan(0);
    expect(first.posts).toBeGreaterThan(0);
    const version = await readPublicContentVersion(db);
    const second = await refreshHotScores(db, env.KV, NOW);
    expect(second).toEqual({ posts: 0, stalls: 0, told: 0 });
    expect(await readPublicContentVersion(db)).toBe(version);
    expect(await trendingOf(stall.id)).toBe(2);
  });
});
