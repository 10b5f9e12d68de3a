import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import {
  notifications,
  postComments,
  posts,
  profiles,
  reels,
  reports,
  reviews,
  trails,
  users,
} from "~/db/schema";
import { findReviewId, saveReview } from "~/models/review.server";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall, createUser, insertReel } from "../factories";

// Issue 33 §3, reports that scale (ADR 051): what confirmed members' reports weigh enough against is hidden at once
// pending review, its author told; it stays in its report tab marked hidden, Keep shows it again and closes the
// reports, Hide proceeds as for anything shown. Reporters often dismissed weigh less, trusted members more.

const db = getDb(env.DB);
const DAY = 86_400_000;

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let author: User;
let moderator: User;
let seq = 0;

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createSignedInUser(env)));

async function insertPost(userId = author.id) {
  seq += 1;
  const publicId = `autohide-${seq}`;
  const [row] = await db
    .insert(posts)
    .values({ publicId, userId, type: "tip", body: `Auto-hide post ${seq}` })
    .returning({ id: posts.id });
  return { id: row?.id ?? 0, publicId };
}

const report = (token: string, subject_type: string, subject_id: string) =>
  call("POST", "/reports", token, { subject_type, subject_id, reason: "spam" });

async function reportBy(reporters: User[], subject_type: string, subject_id: string) {
  for (const reporter of reporters) await json(await report(reporter.token, subject_type, subject_id), 201);
}

const postRow = async (id: number) =>
  (
    await db
      .select({ hiddenAt: posts.hiddenAt, hiddenBy: posts.hiddenBy, hiddenReason: posts.hiddenReason })
      .from(posts)
      .where(eq(posts.id, id))
  )[0];

const reportsOf = (type: "post" | "comment" | "trail" | "reel" | "review", key: number) =>
  db
    .select({ decision: reports.decision })
    .from(reports)
    .where(and(eq(reports.subjectType, type), eq(reports.subjectId, String(key))));

interface Item {
  id: number;
  type: string;
  key: string;
  hidden: boolean;
  reports: unknown[];
}
const tab = async (name: string) =>
  (await json<{ items: Item[] }>(await call("GET", `/moderation/reports?tab=${name}`, moderator.token), 200))
    .items;

/** A member at trust level 2: a month old, ten posts that stood. */
async function trustedMember() {
  const member = await createSignedInUser(env);
  await db
    .update(users)
    .set({ createdAt: Date.now() - 40 * DAY })
    .where(eq(users.id, member.id));
  for (let i = 0; i < 10; i += 1) await insertPost(member.id);
  return member;
}

/** A member three of whose last five reports moderators dismissed. */
async function doubtedMember() {
  const member = await createSignedInUser(env);
  const now = Date.now();
  await db.insert(reports).values(
    ["keep", "hide", "keep", "keep"].map((decision, i) => ({
      subjectType: "post" as const,
      subjectId: `gone-${member.id}-${i}`,
      reporterId: member.id,
      reason: "spam" as const,
      decidedAt: now - i,
      decision: decision as "keep" | "hide",
    })),
  );
  return member;
}

beforeAll(async () => {
  [author, moderator] = await Promise.all([
    createSignedInUser(env, { fullName: "Often Reported" }),
    createSignedInUser(env, { role: "moderator" }),
  ]);
  await db.update(profiles).set({ language: "hi" }).where(eq(profiles.userId, author.id));
});

describe("auto-hide at the threshold (3 by default)", () => {
  it("hides a post at the third confirmed member's report, not the second; unconfirmed reporters do not count", async () => {
    const post = await insertPost();
    const unconfirmed = await createUser(env, { verified: false });
    await db.insert(reports).values({
      subjectType: "post",
      subjectId: String(post.id),
      reporterId: unconfirmed.id,
      reason: "spam",
    });
    const [first, second, third] = await members(3);
    if (!first || !second || !third) throw new Error("members");
    await reportBy([first, second], "post", post.publicId);
    expect((await postRow(post.id))?.hiddenAt).toBeNull();
    await json(await call("GET", `/posts/${post.publicId}`, first.token), 200);

    await reportBy([third], "post", post.publicId);
    expect(await postRow(post.id)).toMatchObject({ hiddenAt: expect.any(Number), hiddenBy: null });
    await json(await call("GET", `/posts/${post.publicId}`, first.token), 404);
    // Its author still sees it, with the reason, in their language.
    const own = await json<{ hidden_reason: string | null }>(
      await call("GET", `/posts/${post.publicId}`, author.token),
      200,
    );
    expect(own.hidden_reason).toBe("कई सदस्यों ने इसकी रिपोर्ट की है। मॉडरेटर की समीक्षा तक यह छिपा रहेगा।");
  });

  it("tells the author once, in their language, and the bell counts it", async () => {
    const post = await insertPost();
    const before = await json<{ count: number }>(
      await call("GET", "/notifications/unread-count", author.token),
      200,
    );
    const [first, second, third, fourth] = await members(4);
    if (!first || !second || !third || !fourth) throw new Error("members");
    await reportBy([first, second], "post", post.publicId);
    // Two reports that each tip it over, at once: it is hidden, and its author told, once.
    await Promise.all([third, fourth].map((each) => report(each.token, "post", post.publicId)));
    const told = await db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.subject, `post:${post.publicId}`)));
    expect(told).toEqual([
      {
        title: "आपकी साझा की गई एक चीज़ मॉडरेटर की समीक्षा तक छिपी है",
        link: `/feed?post=${post.publicId}`,
      },
    ]);
    const after = await json<{ count: number }>(
      await call("GET", "/notifications/unread-count", author.token),
      200,
    );
    expect(after.count).toBe(before.count + 1);
  });

  it("reads the threshold from the configuration (REPORTS_TO_HIDE)", async () => {
    const post = await insertPost();
    const [first, second] = await members(2);
    if (!first || !second) throw new Error("members");
    await reportBy([first], "post", post.publicId);
    const response = await api.request(
      "/api/reports",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${second.token}` },
        body: JSON.stringify({ subject_type: "post", subject_id: post.publicId, reason: "spam" }),
      },
      { ...env, REPORTS_TO_HIDE: "2" },
    );
    await json(response, 201);
    expect((await postRow(post.id))?.hiddenAt).toEqual(expect.any(Number));
  });

  it("hides comments and trails too, through the per-subject report endpoints as well", async () => {
    const post = await insertPost();
    const [comment] = await db
      .insert(postComments)
      .values({ postId: post.id, userId: author.id, body: "Buy followers here" })
      .returning({ id: postComments.id });
    await db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, post.id));
    const commentReporters = await members(3);
    for (const reporter of commentReporters) {
      await json(
        await call("POST", `/posts/${post.publicId}/report`, reporter.token, {
          reason: "spam",
          comment_id: comment?.id,
        }),
        201,
      );
    }
    const [hiddenComment] = await db
      .select({ hiddenAt: postComments.hiddenAt, count: posts.commentCount })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(eq(postComments.id, comment?.id ?? 0));
    expect(hiddenComment).toEqual({ hiddenAt: expect.any(Number), count: 0 });

    const stall = await createStall(env);
    const trailId = await createFoodTrail(env, [stall], { authorId: author.id });
    for (const reporter of await members(3)) {
      await json(
        await call("POST", `/trails/${trailId}/report`, reporter.token, { reason: "spam", details: "" }),
        201,
      );
    }
    const [trail] = await db
      .select({ hiddenAt: trails.hiddenAt })
      .from(trails)
      .where(eq(trails.publicId, trailId));
    expect(trail?.hiddenAt).toEqual(expect.any(Number));
  });
});

/** A reel of the author's and a review of theirs (rated 4), each with three confirmed members' reports. */
async function reportedReelAndReview() {
  const stall = await createStall(env);
  const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
  await saveReview(db, env.KV, author.id, stall.shopUniqueId, { rating: 4, body: "Buy my ebook" });
  const review = await findReviewId(db, stall.shopUniqueId, author.id);
  for (const reporter of await members(3)) {
    await json(await call("POST", `/reels/${reel.id}/report`, reporter.token, { reason: "Spam" }), 201);
    await json(
      await call("POST", `/reviews/${stall.shopUniqueId}/${author.id}/reports`, reporter.token, {
        reason: "Spam",
      }),
      201,
    );
  }
  const stallReviews = async () =>
    json<{ rating_count: number; items: { id: number }[] }>(
      await call("GET", `/reviews/${stall.shopUniqueId}`),
      200,
    );
  return { stall, reel, reviewId: review?.id ?? 0, stallReviews };
}

describe("auto-hide of reels and reviews", () => {
  it("hides a reel and a review at the third confirmed report: out of Reels, the stall's page and its rating", async () => {
    const { reel, reviewId, stallReviews } = await reportedReelAndReview();
    const [reelRow] = await db
      .select({ hiddenAt: reels.hiddenAt, status: reels.status })
      .from(reels)
      .where(eq(reels.id, reel.rowId));
    expect(reelRow).toEqual({ hiddenAt: expect.any(Number), status: "approved" });
    const [reviewRow] = await db
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    expect(reviewRow?.hiddenAt).toEqual(expect.any(Number));
    expect((await call("GET", `/reels/${reel.id}`)).status).toBe(404);
    expect(await stallReviews()).toMatchObject({ rating_count: 0, items: [] });
    // Told like any hidden subject, and each stays in its report tab marked hidden.
    const told = await db
      .select({ subject: notifications.subject })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(told.map((row) => row.subject)).toEqual(
      expect.arrayContaining([`reel:${reel.id}`, `review:${reviewId}`]),
    );
    expect((await tab("reel_reports")).find((each) => each.key === String(reel.rowId))).toMatchObject({
      hidden: true,
    });
    expect((await tab("reviews")).find((each) => each.key === String(reviewId))).toMatchObject({
      hidden: true,
    });
  });

  it("Keep shows them again, in the stall's rating too, and closes their reports", async () => {
    const { reel, reviewId, stallReviews } = await reportedReelAndReview();
    expect((await call("GET", `/reels/${reel.id}`)).status).toBe(404);
    for (const [name, key] of [
      ["reel_reports", reel.rowId],
      ["reviews", reviewId],
    ] as const) {
      const item = (await tab(name)).find((each) => each.key === String(key));
      await json(
        await call("POST", `/moderation/reports/${item?.id}/decision`, moderator.token, { decision: "keep" }),
        200,
      );
    }
    await json(await call("GET", `/reels/${reel.id}`), 200);
    expect(await stallReviews()).toMatchObject({ rating_count: 1, items: [{ id: reviewId }] });
    expect(await reportsOf("reel", reel.rowId)).toEqual([
      { decision: "keep" },
      { decision: "keep" },
      { decision: "keep" },
    ]);
    expect(await reportsOf("review", reviewId)).toEqual([
      { decision: "keep" },
      { decision: "keep" },
      { decision: "keep" },
    ]);
  });
});

describe("the moderator's review of what was hidden", () => {
  it("lists it in its report tab marked hidden, with its reports; Keep shows it again and closes them", async () => {
    const post = await insertPost();
    await reportBy(await members(3), "post", post.publicId);
    const item = (await tab("posts")).find((each) => each.key === String(post.id));
    expect(item).toMatchObject({ type: "post", hidden: true });
    expect(item?.reports).toHaveLength(3);

    await json(
      await call("POST", `/moderation/reports/${item?.id}/decision`, moderator.token, { decision: "keep" }),
      200,
    );
    expect(await postRow(post.id)).toEqual({ hiddenAt: null, hiddenBy: null, hiddenReason: null });
    expect(await reportsOf("post", post.id)).toEqual([
      { decision: "keep" },
      { decision: "keep" },
      { decision: "keep" },
    ]);
    expect((await tab("posts")).some((each) => each.key === String(post.id))).toBe(false);
    await json(await call("GET", `/posts/${post.publicId}`, moderator.token), 200);
  });

  it("Hide proceeds as for a shown post: the moderator's reason, the reports closed as hidden", async () => {
    const post = await insertPost();
    await reportBy(await members(3), "post", post.publicId);
    const item = (await tab("posts")).find((each) => each.key === String(post.id));
    await json(
      await call("POST", `/moderation/reports/${item?.id}/decision`, moderator.token, {
        decision: "hide",
        reason: "Selling followers",
      }),
      200,
    );
    expect(await postRow(post.id)).toEqual({
      hiddenAt: expect.any(Number),
      hiddenBy: moderator.id,
      hiddenReason: "Selling followers",
    });
    expect((await reportsOf("post", post.id)).every((row) => row.decision === "hide")).toBe(true);
  });

  it("shows a reported post that is not hidden as not hidden", async () => {
    const post = await insertPost();
    await reportBy(await members(1), "post", post.publicId);
    expect((await tab("posts")).find((each) => each.key === String(post.id))).toMatchObject({
      hidden: false,
    });
  });
});

describe("report weights", () => {
  it("counts a trusted member's report for 1.5: two of them hide", async () => {
    const post = await insertPost();
    const [first, second] = [await trustedMember(), await trustedMember()];
    await reportBy([first], "post", post.publicId);
    expect((await postRow(post.id))?.hiddenAt).toBeNull();
    await reportBy([second], "post", post.publicId);
    expect((await postRow(post.id))?.hiddenAt).toEqual(expect.any(Number));
  });

  it("counts a reporter with 3 of their last 5 reports dismissed for 0.5", async () => {
    const post = await insertPost();
    await reportBy(await members(2), "post", post.publicId);
    await reportBy([await doubtedMember()], "post", post.publicId);
    expect((await postRow(post.id))?.hiddenAt).toBeNull();
    await reportBy([await doubtedMember()], "post", post.publicId);
    expect((await postRow(post.id))?.hiddenAt).toEqual(expect.any(Number));
  });
});
