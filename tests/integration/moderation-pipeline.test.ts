import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { postComments, posts, profiles, reports, trails } from "~/db/schema";
import { countModerationQueues } from "~/models/report/report.server";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";

// Issue 32, the moderation half (ADR 046): one moderator API for every report tab, one decision path through the
// subject adapters, Restore for what a moderator hid (its author's hidden notice goes), and the People tab.

const db = getDb(env.DB);

type User = Awaited<ReturnType<typeof createSignedInUser>>;

interface Item {
  id: number;
  type: string;
  key: string;
  preview: Record<string, unknown>;
  reports: { reason: string; details: string }[];
  decisions: { decision: string; reason: string | null }[];
}

const tab = async (name: string, q: string, token: string) =>
  (await json<{ items: Item[] }>(await call("GET", `/moderation/reports?tab=${name}&q=${q}`, token), 200))
    .items;

let author: User;
let reader: User;
let moderator: User;
let seq = 0;

async function insertPost(body: string) {
  seq += 1;
  const publicId = `pipeline-${seq}`;
  const [row] = await db
    .insert(posts)
    .values({ publicId, userId: author.id, type: "tip", body })
    .returning({ id: posts.id });
  return { id: row?.id ?? 0, publicId };
}

beforeAll(async () => {
  [author, reader, moderator] = await Promise.all([
    createSignedInUser(env, { fullName: "Pipeline Author" }),
    createSignedInUser(env),
    createSignedInUser(env, { role: "moderator" }),
  ]);
  await db.update(profiles).set({ username: "pipeline_author" }).where(eq(profiles.userId, author.id));
});

describe("GET /api/moderation/reports and POST /api/moderation/reports/:id/decision", () => {
  it("are for moderators only, and read a tab named by `tab`", async () => {
    await json(await call("GET", "/moderation/reports?tab=posts"), 401);
    await json(await call("GET", "/moderation/reports?tab=posts", reader.token), 403);
    await json(await call("POST", "/moderation/reports/1/decision", reader.token, { decision: "keep" }), 403);
    expect(await json(await call("GET", "/moderation/reports?tab=nope", moderator.token), 400)).toMatchObject(
      {
        field: "tab",
      },
    );
    await json(await call("GET", "/moderation/reports", moderator.token), 400);
  });

  it("decides any subject through its adapter: a decision it does not offer is 400, a hide needs its reason", async () => {
    const post = await insertPost("Pipeline followers for sale");
    await json(
      await call("POST", "/reports", reader.token, {
        subject_type: "post",
        subject_id: post.publicId,
        reason: "spam",
      }),
      201,
    );
    const [item] = await tab("posts", "Pipeline+followers", moderator.token);
    expect(item).toMatchObject({
      type: "post",
      preview: { post: { id: post.publicId, text: "Pipeline followers for sale" } },
      reports: [{ reason: "spam", details: "" }],
      decisions: [
        { decision: "hide", reason: "hide" },
        { decision: "keep", reason: null },
      ],
    });
    const decide = (body: unknown) =>
      call("POST", `/moderation/reports/${item?.id}/decision`, moderator.token, body);
    expect(await json(await decide({ decision: "remove" }), 400)).toMatchObject({ field: "decision" });
    expect(await json(await decide({ decision: "hide" }), 400)).toMatchObject({ field: "reason" });
    expect(await json(await decide({ decision: "sideways" }), 400)).toMatchObject({ field: "decision" });
    expect(await json(await decide({ decision: "hide", reason: "Advertising" }), 200)).toEqual({
      decided: true,
      decision: "hide",
      name: "",
    });
    const [row] = await db.select({ reason: posts.hiddenReason }).from(posts).where(eq(posts.id, post.id));
    expect(row?.reason).toBe("Advertising");
    expect(await tab("posts", "Pipeline+followers", moderator.token)).toEqual([]);
    // The report is decided now: a second moderator learns the queue moved on.
    await json(await decide({ decision: "keep" }), 409);
  });
});

describe("Restore", () => {
  it("lists what moderators hid with the reason, and restores a post: its author's hidden notice goes", async () => {
    const post = await insertPost("Pipeline restore me");
    const { id } = await json<{ id: number }>(
      await call("POST", "/reports", reader.token, {
        subject_type: "post",
        subject_id: post.publicId,
        reason: "other",
        details: "Looks like spam",
      }),
      201,
    );
    await json(
      await call("POST", `/moderation/reports/${id}/decision`, moderator.token, {
        decision: "hide",
        reason: "Checking it",
      }),
      200,
    );
    expect((await call("GET", `/posts/${post.publicId}`, reader.token)).status).toBe(404);
    expect(await json(await call("GET", `/posts/${post.publicId}`, author.token), 200)).toMatchObject({
      hidden_reason: "Checking it",
    });
    const before = await countModerationQueues(db, "Pipeline restore");
    expect(before.hidden).toBe(1);

    await json(await call("GET", "/moderation/hidden"), 401);
    await json(await call("GET", "/moderation/hidden", reader.token), 403);
    const hidden = await json<{ items: { type: string; key: string; reason: string; preview: unknown }[] }>(
      await call("GET", "/moderation/hidden?q=Pipeline+restore", moderator.token),
      200,
    );
    expect(hidden.items).toEqual([
      expect.objectContaining({
        type: "post",
        key: String(post.id),
        reason: "Checking it",
        preview: expect.objectContaining({ post: expect.objectContaining({ id: post.publicId }) }),
      }),
    ]);

    const restore = `/moderation/hidden/post/${post.id}/restore`;
    await json(await call("POST", restore, reader.token), 403);
    expect(await json(await call("POST", restore, moderator.token), 200)).toEqual({
      restored: true,
      name: "",
    });
    expect((await call("GET", `/posts/${post.publicId}`, reader.token)).status).toBe(200);
    const own = await json<{ hidden_reason?: string | null }>(
      await call("GET", `/posts/${post.publicId}`, author.token),
      200,
    );
    expect(own.hidden_reason ?? null).toBeNull();
    expect((await countModerationQueues(db, "Pipeline restore")).hidden).toBe(0);
    await json(await call("POST", restore, moderator.token), 404);
    expect(
      await json(await call("POST", "/moderation/hidden/stall/1/restore", moderator.token), 400),
    ).toMatchObject({ field: "subject_type" });
  });

  it("restores a comment (its post counts it again) and a trail (its reader sees it again)", async () => {
    const post = await insertPost("Pipeline comment holder");
    const [comment] = await db
      .insert(postComments)
      .values({
        postId: post.id,
        userId: author.id,
        body: "Pipeline rude comment",
        hiddenAt: 1,
        hiddenReason: "Rude",
      })
      .returning({ id: postComments.id });
    await json(await call("POST", `/moderation/hidden/comment/${comment?.id}/restore`, moderator.token), 200);
    const [counted] = await db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, post.id));
    expect(counted?.n).toBe(1);

    const stall = await createStall(env);
    const trailId = await createFoodTrail(env, [stall, await createStall(env)], {
      authorId: author.id,
      title: "Pipeline hidden walk",
    });
    await db
      .update(trails)
      .set({ hiddenAt: 1, hiddenReason: "Advert", hiddenBy: moderator.id })
      .where(eq(trails.publicId, trailId));
    expect((await call("GET", `/trails/${trailId}`, reader.token)).status).toBe(404);
    const [row] = await db.select({ id: trails.id }).from(trails).where(eq(trails.publicId, trailId));
    expect(
      await json(await call("POST", `/moderation/hidden/trail/${row?.id}/restore`, moderator.token), 200),
    ).toEqual({ restored: true, name: "Pipeline hidden walk" });
    expect((await call("GET", `/trails/${trailId}`, reader.token)).status).toBe(200);
  });
});

describe("People", () => {
  it("lists a reported person with their name, username and counts, counted in its tab; Keep closes the reports", async () => {
    await insertPost("Pipeline person's post");
    const { id } = await json<{ id: number }>(
      await call("POST", "/reports", reader.token, {
        subject_type: "person",
        subject_id: "pipeline_author",
        reason: "spam",
      }),
      201,
    );
    expect((await countModerationQueues(db, "pipeline_author")).people).toBe(1);
    const [item] = await tab("people", "pipeline_author", moderator.token);
    expect(item).toMatchObject({
      id,
      type: "person",
      key: author.id,
      preview: { name: "Pipeline Author", username: "pipeline_author", reviews: 0 },
      decisions: [{ decision: "keep", reason: null }],
    });
    expect(item?.preview.posts).toBeGreaterThan(0);
    expect(
      await json(
        await call("POST", `/moderation/reports/${id}/decision`, moderator.token, { decision: "keep" }),
        200,
      ),
    ).toEqual({ decided: true, decision: "keep", name: "Pipeline Author" });
    const [closed] = await db
      .select({ decision: reports.decision, decidedBy: reports.decidedBy })
      .from(reports)
      .where(and(eq(reports.id, id)));
    expect(closed).toEqual({ decision: "keep", decidedBy: moderator.id });
    expect((await countModerationQueues(db, "pipeline_author")).people).toBe(0);
  });
});
