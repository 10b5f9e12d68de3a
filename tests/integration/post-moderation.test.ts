import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { postComments, posts, reports, stalls } from "~/db/schema";
import type { QueuePage } from "~/models/queue.server";
import {
  countModerationQueues,
  listPostReports,
  REPORTED_PAGE_SIZE as POST_REPORT_PAGE_SIZE,
  type ReportedPost,
} from "~/models/report/report.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// Reports of posts and comments through the API against real D1, and the moderators' queue: bad input, one report
// per person and subject, hiding (which closes the subject's reports), dismissing, and who may do what.

const db = getDb(env.DB);

type User = Awaited<ReturnType<typeof createSignedInUser>>;

function call(method: string, path: string, token?: string, body?: unknown) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

let seq = 0;
async function insertPost(authorId: string, values: Partial<typeof posts.$inferInsert> = {}) {
  seq += 1;
  const publicId = `moderated-${seq}`;
  const [row] = await db
    .insert(posts)
    .values({ publicId, userId: authorId, type: "tip", body: `Try the chutney at stall ${seq}`, ...values })
    .returning({ id: posts.id });
  return { id: row?.id ?? 0, publicId };
}

async function insertComment(postId: number, authorId: string, body = "Rude words here") {
  const [row] = await db.insert(postComments).values({ postId, userId: authorId, body }).returning({
    id: postComments.id,
  });
  await db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, postId));
  return row?.id ?? 0;
}

/** The open reports of a post and of its comments (a comment's commentId is its id), each with its words. */
const openReportsOf = async (postId: number) =>
  (
    await db
      .select({ id: reports.id, type: reports.subjectType, key: reports.subjectId, reason: reports.details })
      .from(reports)
      .where(
        and(
          isNull(reports.decidedAt),
          sql`((${reports.subjectType} = 'post' AND ${reports.subjectId} = ${String(postId)}) OR (${reports.subjectType} = 'comment' AND ${reports.subjectId} IN (SELECT CAST(id AS TEXT) FROM ${postComments} WHERE post_id = ${postId})))`,
        ),
      )
      .orderBy(reports.id)
  ).map(({ id, type, key, reason }) => ({ id, commentId: type === "comment" ? Number(key) : null, reason }));

const queue = async (moderator: User, query = "") =>
  json<QueuePage<ReportedPost>>(await call("GET", `/moderation/posts${query}`, moderator.token), 200);

let author: User;
let reader: User;
let other: User;
let moderator: User;

beforeAll(async () => {
  [author, reader, other, moderator] = await Promise.all([
    createSignedInUser(env, { fullName: "Asha Author" }),
    createSignedInUser(env, { established: true }),
    createSignedInUser(env, { established: true }),
    createSignedInUser(env, { role: "moderator" }),
  ]);
});

describe("POST /api/posts/:id/report", () => {
  it("refuses bad input, naming the field", async () => {
    const post = await insertPost(author.id);
    for (const [body, field] of [
      [{}, "reason"],
      [{ reason: "" }, "reason"],
      [{ reason: "   " }, "reason"],
      [{ reason: 42 }, "reason"],
      [{ reason: "x".repeat(1001) }, "reason"],
      [{ reason: "spam", comment_id: "one" }, "comment_id"],
      [{ reason: "spam", comment_id: -3 }, "comment_id"],
    ] as const) {
      const answer = await json<{ error: string; field?: string }>(
        await call("POST", `/posts/${post.publicId}/report`, reader.token, body),
        400,
      );
      expect(answer.field ?? answer.error).toContain(field);
    }
    await json(await call("POST", "/posts/not%20an%20id!/report", reader.token, { reason: "spam" }), 400);
    expect(await openReportsOf(post.id)).toEqual([]);
  });

  it("needs a signed-in reporter and a visible post that is someone else's", async () => {
    const post = await insertPost(author.id);
    await json(await call("POST", `/posts/${post.publicId}/report`, undefined, { reason: "spam" }), 401);
    await json(await call("POST", "/posts/no-such-post/report", reader.token, { reason: "spam" }), 404);
    await json(await call("POST", `/posts/${post.publicId}/report`, author.token, { reason: "spam" }), 400);
    const hidden = await insertPost(author.id, { hiddenAt: Date.now(), hiddenReason: "spam" });
    await json(await call("POST", `/posts/${hidden.publicId}/report`, reader.token, { reason: "spam" }), 404);
    // A comment of another post is not this post's comment.
    const elsewhere = await insertPost(author.id);
    const comment = await insertComment(elsewhere.id, other.id);
    await json(
      await call("POST", `/posts/${post.publicId}/report`, reader.token, {
        reason: "spam",
        comment_id: comment,
      }),
      404,
    );
    expect(await openReportsOf(post.id)).toEqual([]);
  });

  it("keeps one report per person and subject: the second answers 200 and keeps the first reason", async () => {
    const post = await insertPost(author.id);
    const comment = await insertComment(post.id, other.id);
    const first = await call("POST", `/posts/${post.publicId}/report`, reader.token, {
      reason: "Fake stall",
    });
    expect(await json(first, 201)).toEqual({ reported: true });
    const again = await call("POST", `/posts/${post.publicId}/report`, reader.token, {
      reason: "Changed mind",
    });
    expect(await json(again, 200)).toEqual({ reported: true });
    // The post's comment is a subject of its own.
    await json(
      await call("POST", `/posts/${post.publicId}/report`, reader.token, {
        reason: "Abuse",
        comment_id: comment,
      }),
      201,
    );
    await json(
      await call("POST", `/posts/${post.publicId}/report`, reader.token, {
        reason: "Abuse",
        comment_id: comment,
      }),
      200,
    );
    const open = await openReportsOf(post.id);
    expect(open.map(({ commentId, reason }) => ({ commentId, reason }))).toEqual([
      { commentId: null, reason: "Fake stall" },
      { commentId: comment, reason: "Abuse" },
    ]);
  });
});

describe("the posts moderation queue", () => {
  it("is for moderators only: 401 for visitors, 403 for everyone else", async () => {
    const post = await insertPost(author.id);
    await json(await call("GET", "/moderation/posts"), 401);
    await json(await call("GET", "/moderation/posts", reader.token), 403);
    await json(
      await call("POST", `/moderation/posts/${post.publicId}/hide`, reader.token, { reason: "spam" }),
      403,
    );
    await json(await call("POST", "/moderation/comments/1/hide", author.token, { reason: "spam" }), 403);
    await json(await call("POST", "/moderation/post-reports/1/dismiss", reader.token), 403);
    const [row] = await db.select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, post.id));
    expect(row?.hiddenAt).toBeNull();
  });

  it("lists each reported post or comment once with its reasons; hiding needs a reason and closes its reports", async () => {
    const stall = await createStall(env, { name: "Raju Chaat Corner" });
    const [pinned] = await db
      .select({ id: stalls.id })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    const post = await insertPost(author.id, {
      body: "Best pani puri in town, DM me for cheap followers",
      stallId: pinned?.id,
    });
    const comment = await insertComment(post.id, other.id, "You are all idiots");
    for (const [user, reason] of [
      [reader, "Selling followers"],
      [other, "Spam link"],
    ] as const) {
      await json(await call("POST", `/posts/${post.publicId}/report`, user.token, { reason }), 201);
    }
    await json(
      await call("POST", `/posts/${post.publicId}/report`, reader.token, {
        reason: "Insults",
        comment_id: comment,
      }),
      201,
    );

    const page = await queue(moderator, "?q=followers");
    const reportedPost = page.items.find((item) => item.kind === "post" && item.post.id === post.publicId);
    expect(reportedPost).toMatchObject({
      author: { name: "Asha Author" },
      post: { text: "Best pani puri in town, DM me for cheap followers", type: "tip" },
      reports: [{ reason: "Selling followers" }, { reason: "Spam link" }],
    });
    const reportedComment = (await queue(moderator)).items.find((item) => item.comment?.id === comment);
    expect(reportedComment).toMatchObject({ kind: "comment", comment: { text: "You are all idiots" } });
    // The search finds it by its pinned stall's name too, and nothing else pinned there.
    const byStall = await queue(moderator, `?q=${encodeURIComponent(stall.name)}`);
    expect(byStall.items.map((item) => item.kind)).toEqual(["post", "comment"]);
    expect(byStall.items[0]?.post.stall).toEqual({ id: stall.shopUniqueId, name: stall.name });

    // Hiding the comment closes its report only, and recounts the post's comments.
    await json(await call("POST", `/moderation/comments/${comment}/hide`, moderator.token, {}), 400);
    await json(
      await call("POST", `/moderation/comments/${comment}/hide`, moderator.token, { reason: "Insults" }),
      200,
    );
    expect((await openReportsOf(post.id)).map((report) => report.commentId)).toEqual([null, null]);
    const [counted] = await db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, post.id));
    expect(counted?.n).toBe(0);

    // Hiding the post: its author sees the reason, the reports are resolved, and it leaves the queue.
    await json(
      await call("POST", `/moderation/posts/${post.publicId}/hide`, moderator.token, { reason: " " }),
      400,
    );
    await json(
      await call("POST", `/moderation/posts/${post.publicId}/hide`, moderator.token, {
        reason: "Selling followers is not allowed",
      }),
      200,
    );
    const [hidden] = await db
      .select({ hiddenReason: posts.hiddenReason, hiddenBy: posts.hiddenBy })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(hidden).toEqual({ hiddenReason: "Selling followers is not allowed", hiddenBy: moderator.id });
    expect(await openReportsOf(post.id)).toEqual([]);
    const after = await queue(moderator);
    expect(after.items.some((item) => item.post.id === post.publicId)).toBe(false);
    // Once hidden it cannot be hidden or reported again.
    await json(
      await call("POST", `/moderation/posts/${post.publicId}/hide`, moderator.token, { reason: "again" }),
      404,
    );
    await json(await call("POST", `/posts/${post.publicId}/report`, other.token, { reason: "more" }), 404);
  });

  it("dismiss keeps the post and closes every open report of it; a second dismiss is 409", async () => {
    const post = await insertPost(author.id, { body: "Honest review of the dosa" });
    await json(await call("POST", `/posts/${post.publicId}/report`, reader.token, { reason: "Wrong" }), 201);
    await json(
      await call("POST", `/posts/${post.publicId}/report`, other.token, { reason: "Wrong too" }),
      201,
    );
    const before = await countModerationQueues(db, "");
    const item = (await queue(moderator)).items.find((each) => each.post.id === post.publicId);
    expect(item?.reports).toHaveLength(2);
    await json(await call("POST", `/moderation/post-reports/${item?.id}/dismiss`, moderator.token), 200);
    expect(await openReportsOf(post.id)).toEqual([]);
    expect((await countModerationQueues(db, "")).posts).toBe(before.posts - 1);
    await json(await call("POST", `/moderation/post-reports/${item?.id}/dismiss`, moderator.token), 409);
    await json(await call("POST", "/moderation/post-reports/abc/dismiss", moderator.token), 400);
    const [kept] = await db.select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, post.id));
    expect(kept?.hiddenAt).toBeNull();
  });

  it("pages by cursor without repeating or skipping, oldest first", async () => {
    const reporters = await Promise.all([createSignedInUser(env), createSignedInUser(env)]);
    for (let i = 0; i < POST_REPORT_PAGE_SIZE + 3; i++) {
      const post = await insertPost(author.id, { body: `Paged post ${i}` });
      await db.insert(reports).values({
        subjectType: "post",
        subjectId: String(post.id),
        reporterId: reporters[i % 2]?.id ?? "",
        reason: "other",
        details: `reason ${i}`,
        createdAt: 1_000_000 + i,
      });
    }
    const first = await listPostReports(db, { q: "Paged post", sort: "oldest" });
    expect(first.items).toHaveLength(POST_REPORT_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await queue(moderator, `?q=Paged+post&cursor=${first.next}`);
    const texts = [...first.items, ...second.items].map((item) => item.post.text);
    expect(texts).toEqual(Array.from({ length: POST_REPORT_PAGE_SIZE + 3 }, (_, i) => `Paged post ${i}`));
    await json(await call("GET", "/moderation/posts?sort=sideways", moderator.token), 400);
  });
});

// The Posts tab of /moderation through the whole Worker (needs `npm run build`).
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function page(path: string, token?: string, form?: Record<string, string>) {
  const executionContext = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, {
      redirect: "manual",
      method: form ? "POST" : "GET",
      headers: {
        ...(token ? { Cookie: `nukkad_session=${token}` } : {}),
        ...(form ? { Origin: "http://127.0.0.1", Host: "127.0.0.1" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    }),
    { ...env, ASSETS: assets },
    executionContext,
  );
  await waitOnExecutionContext(executionContext);
  return response;
}

describe("/moderation?tab=posts", () => {
  it("shows reported posts to moderators only, with a count in its tab; Hide needs a reason", async () => {
    const post = await insertPost(author.id, { body: "Cheap <b>followers</b> for sale" });
    await json(
      await call("POST", `/posts/${post.publicId}/report`, reader.token, { reason: "Spam & ads" }),
      201,
    );

    expect((await page("/moderation?tab=posts", reader.token)).status).toBe(404);
    expect((await page("/moderation?tab=posts")).status).toBe(302);
    // The queue's one decision form names the post's first open report.
    const [first] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.subjectType, "post"), eq(reports.subjectId, String(post.id))));
    const hide = { intent: "decide-report", report: String(first?.id), decision: "hide" };
    const refused = await page("/moderation?index", reader.token, { ...hide, reason: "spam" });
    expect(refused.status).toBe(404);

    const response = await page("/moderation?tab=posts&q=followers", moderator.token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Reported posts<span[^>]*>1<\/span>/);
    // The text is shown as text, never as HTML.
    expect(html).toContain("Cheap &lt;b&gt;followers&lt;/b&gt; for sale");
    expect(html).toContain("Spam &amp; ads");
    expect(html).toContain("Reason for hiding (shown to the author)");

    const noReason = await page("/moderation?index", moderator.token, hide);
    expect(noReason.status).toBe(400);
    const hidden = await page("/moderation?index", moderator.token, { ...hide, reason: "Advertising" });
    expect(hidden.status).toBe(200);
    const [row] = await db.select({ reason: posts.hiddenReason }).from(posts).where(eq(posts.id, post.id));
    expect(row?.reason).toBe("Advertising");
    const after = await (await page("/moderation?tab=posts&q=followers", moderator.token)).text();
    expect(after).not.toContain("Cheap &lt;b&gt;followers");
  });
});
