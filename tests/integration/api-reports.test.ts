import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { postComments, posts, profiles, reports, reviews, stalls } from "~/db/schema";
import {
  ALREADY_REPORTED,
  decideReport,
  hidePost,
  listTrailReports,
  resolveReport,
} from "~/models/report/report.server";
import { createFoodTrail, createSignedInUser, createStall, insertReel } from "../factories";

// POST /api/reports against real D1: one way to report anything (ADR 045). Each subject type is reported once per
// person while open (409 after), what the reporter cannot see is 404, their own is refused, bad input is 400 naming
// the field, and a moderator's decision closes the report so the same person may report the subject again.

const db = getDb(env.DB);
type User = Awaited<ReturnType<typeof createSignedInUser>>;

function send(token: string | undefined, body: unknown) {
  return api.request(
    "/api/reports",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    },
    env,
  );
}

async function answer(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as { id?: number; error?: string; field?: string };
}

let seq = 0;
async function post(authorId: string, hidden = false) {
  seq += 1;
  const [row] = await db
    .insert(posts)
    .values({
      publicId: `reported-post-${seq}`,
      userId: authorId,
      type: "tip",
      body: "Try the chutney",
      ...(hidden ? { hiddenAt: Date.now(), hiddenReason: "spam" } : {}),
    })
    .returning({ id: posts.id, publicId: posts.publicId });
  return row ?? { id: 0, publicId: "" };
}

let author: User;
let reader: User;
let moderator: User;

beforeAll(async () => {
  [author, reader, moderator] = await Promise.all([
    createSignedInUser(env),
    createSignedInUser(env),
    createSignedInUser(env, { role: "moderator" }),
  ]);
  await db.update(profiles).set({ username: "reported_author" }).where(eq(profiles.userId, author.id));
});

/** One subject of each type, written by `author`, visible to everyone. */
async function subjects() {
  const stall = await createStall(env, { name: "Reported Stall" });
  const [stallRow] = await db
    .select({ id: stalls.id })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
  const [review] = await db
    .insert(reviews)
    .values({ stallId: stallRow?.id ?? 0, userId: author.id, rating: 2 })
    .returning({ id: reviews.id });
  const reported = await post(author.id);
  const [comment] = await db
    .insert(postComments)
    .values({ postId: reported.id, userId: author.id, body: "Rude" })
    .returning({ id: postComments.id });
  const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
  const trail = await createFoodTrail(env, [stall], { authorId: author.id });
  return {
    stall: stall.shopUniqueId,
    review: String(review?.id),
    post: reported.publicId,
    comment: String(comment?.id),
    reel: reel.id,
    trail,
    person: "reported_author",
  };
}

describe("POST /api/reports", () => {
  it("files a report of each subject type once while it is open: 201, then 409", async () => {
    const ids = await subjects();
    for (const [subject_type, subject_id] of Object.entries(ids)) {
      const first = await answer(await send(reader.token, { subject_type, subject_id, reason: "spam" }), 201);
      expect(first.id).toBeGreaterThan(0);
      const again = await answer(
        await send(reader.token, { subject_type, subject_id, reason: "other", details: "Still bad" }),
        409,
      );
      expect(again.error).toBe(ALREADY_REPORTED);
    }
    const stored = await db
      .select({ type: reports.subjectType, reason: reports.reason })
      .from(reports)
      .where(eq(reports.reporterId, reader.id));
    expect(stored.map((row) => row.type).sort()).toEqual(Object.keys(ids).sort());
    expect(stored.every((row) => row.reason === "spam")).toBe(true);
  });

  it("answers 404 for what the reporter cannot see, and refuses their own", async () => {
    const hidden = await post(author.id, true);
    const pendingStall = await createStall(env, { status: "pending", createdBy: author.id });
    const pendingReel = await insertReel(env, author.id, { status: "pending" });
    const privateTrail = await createFoodTrail(env, [await createStall(env)], {
      authorId: author.id,
      visibility: "private",
    });
    for (const [subject_type, subject_id] of [
      ["post", hidden.publicId],
      ["post", "no-such-post"],
      ["stall", pendingStall.shopUniqueId],
      ["reel", pendingReel.id],
      ["trail", privateTrail],
      ["review", "999999"],
      ["review", "not-a-number"],
      ["comment", "999999"],
      ["person", "nobody_here"],
    ]) {
      await answer(await send(reader.token, { subject_type, subject_id, reason: "spam" }), 404);
    }
    const ids = await subjects();
    for (const [subject_type, status] of [
      ["post", 400],
      ["comment", 400],
      ["review", 400],
      ["reel", 400],
      ["trail", 403],
      ["person", 400],
    ] as const) {
      await answer(
        await send(author.token, { subject_type, subject_id: ids[subject_type], reason: "spam" }),
        status,
      );
    }
    expect(await db.select().from(reports).where(eq(reports.reporterId, author.id))).toEqual([]);
  });

  it("answers bad input 400 naming the field, and visitors 401", async () => {
    for (const [body, field] of [
      [{ subject_id: "x", reason: "spam" }, "subject_type"],
      [{ subject_type: "stall_owner", subject_id: "x", reason: "spam" }, "subject_type"],
      [{ subject_type: "post", reason: "spam" }, "subject_id"],
      [{ subject_type: "post", subject_id: "   ", reason: "spam" }, "subject_id"],
      [{ subject_type: "post", subject_id: "x" }, "reason"],
      [{ subject_type: "post", subject_id: "x", reason: "boring" }, "reason"],
      [{ subject_type: "post", subject_id: "x", reason: "other" }, "details"],
      [{ subject_type: "post", subject_id: "x", reason: "spam", details: "x".repeat(1001) }, "details"],
    ] as const) {
      const refused = await answer(await send(reader.token, body), 400);
      expect(refused.field ?? refused.error).toContain(field);
    }
    await answer(await send(undefined, { subject_type: "post", subject_id: "x", reason: "spam" }), 401);
  });

  it("records decisions on the reports: after Keep a stall may be reported again, a trail not; hidden is 404", async () => {
    const other = await createSignedInUser(env);
    const ids = await subjects();
    const trail = { subject_type: "trail", subject_id: ids.trail, reason: "wrong_stalls" };
    await answer(await send(other.token, trail), 201);
    const [queued] = (await listTrailReports(db, { q: "", sort: "newest" })).items.filter(
      (item) => item.trail.id === ids.trail,
    );
    expect(queued?.reports).toEqual([expect.objectContaining({ reason: "wrong_stalls", details: "" })]);
    await decideReport({ db, kv: env.KV, photos: env.PHOTOS }, moderator.id, {
      report: queued?.id ?? 0,
      decision: "keep",
    });
    const [kept] = await db
      .select({ decision: reports.decision, decidedBy: reports.decidedBy })
      .from(reports)
      .where(and(eq(reports.reporterId, other.id), eq(reports.subjectType, "trail")));
    expect(kept).toEqual({ decision: "keep", decidedBy: moderator.id });
    // What people write is judged once: a kept trail's reporter does not report it again.
    await answer(await send(other.token, trail), 409);
    // A stall's report says something new each time: once resolved, its reporter may report the stall again.
    const stall = { subject_type: "stall", subject_id: ids.stall, reason: "moved" };
    const { id: stallReport } = await answer(await send(other.token, stall), 201);
    await answer(await send(other.token, { ...stall, reason: "closed" }), 409);
    await resolveReport(db, env.KV, stallReport ?? 0, moderator.id);
    await answer(await send(other.token, { ...stall, reason: "closed" }), 201);

    const postReport = { subject_type: "post", subject_id: ids.post, reason: "offensive" };
    await answer(await send(other.token, postReport), 201);
    await hidePost(db, moderator.id, ids.post, "Offensive");
    const [hidden] = await db
      .select({ decision: reports.decision })
      .from(reports)
      .where(and(eq(reports.reporterId, other.id), eq(reports.subjectType, "post")));
    expect(hidden?.decision).toBe("hide");
    await answer(await send(other.token, postReport), 404);
  });
});
