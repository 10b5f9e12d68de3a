import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { sniffImageType } from "~/lib/http/image-type";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import type { CommentView, PostView } from "~/lib/schemas/community";
import { deleteOrphanPhotos, ORPHAN_PHOTO_AGE_MS, storePhoto } from "~/models/photo.server";
import { createSignedInUser, createStall } from "../factories";
import { PLAIN_JPEG } from "../images";

// Posts, likes, saves and comments through the API against real D1: the author's rights, bad input, hidden posts,
// counts under parallel likes, rate limits, mentions and their notices.

type User = Awaited<ReturnType<typeof createSignedInUser>>;

function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

let counter = 0;
/** A signed-in user with a username (and optionally a mention policy), as the profile form would leave them. */
async function member(options: { verified?: boolean; mentionPolicy?: string } = {}) {
  const user = await createSignedInUser(env, { verified: options.verified, established: true });
  const username = `member_${++counter}_${user.id
    .slice(0, 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}`;
  await env.DB.prepare("UPDATE profiles SET username = ?, mention_policy = ? WHERE user_id = ?")
    .bind(username, options.mentionPolicy ?? "everyone", user.id)
    .run();
  return { ...user, username };
}

const share = (user: User, body: Record<string, unknown>) =>
  call("POST", "/posts", { token: user.token, body });
// Each post's text its own: the same text a third time is held by the spam rules (ADR 051, held-posts.test.ts).
let posted = 0;
const newPost = async (user: User, body: Record<string, unknown> = {}) => {
  posted += 1;
  const text = `Go before 7 for fresh jalebi, tip ${posted}`;
  return json<PostView>(await share(user, { type: "tip", text, ...body }), 201);
};

async function notices(userId: string, type?: string) {
  const { results } = await env.DB.prepare(
    "SELECT type, subject, actor_id, link FROM notifications WHERE user_id = ? AND (? IS NULL OR type = ?)",
  )
    .bind(userId, type ?? null, type ?? null)
    .all<{ type: string; subject: string; actor_id: string; link: string }>();
  return results;
}

const hide = (postId: string) =>
  env.DB.prepare("UPDATE posts SET hidden_at = ?, hidden_reason = 'Spam' WHERE public_id = ?")
    .bind(Date.now(), postId)
    .run();

let author: Awaited<ReturnType<typeof member>>;
let reader: Awaited<ReturnType<typeof member>>;
let stall: Awaited<ReturnType<typeof createStall>>;

beforeAll(async () => {
  author = await member();
  reader = await member();
  stall = await createStall(env, { name: "Raju's Chaat" });
});

describe("sharing a post", () => {
  it("answers the post as the feed shows it, pinned to the stall with its open state", async () => {
    const post = await newPost(author, {
      type: "review",
      text: "Best pani puri",
      stall_id: stall.shopUniqueId,
    });
    expect(post).toMatchObject({
      type: "review",
      text: "Best pani puri",
      images: [],
      author: { id: author.id, username: author.username },
      stall: { id: stall.shopUniqueId, name: "Raju's Chaat", distance_km: null },
      like_count: 0,
      comment_count: 0,
      save_count: 0,
      liked: false,
      saved: false,
      mine: true,
      following_author: null,
      hidden_reason: null,
    });
    expect(["open", "closed", "maybe"]).toContain(post.stall?.open_state);
    const stored = await env.DB.prepare("SELECT grid_cell, hot_score FROM posts WHERE public_id = ?")
      .bind(post.id)
      .first<{ grid_cell: number; hot_score: number }>();
    const stallRow = await env.DB.prepare("SELECT grid_cell FROM stalls WHERE shop_unique_id = ?")
      .bind(stall.shopUniqueId)
      .first<{ grid_cell: number }>();
    expect(stored?.grid_cell).toBe(stallRow?.grid_cell);
    expect(stored?.hot_score).toBeGreaterThan(0);

    const read = await json<PostView>(await call("GET", `/posts/${post.id}?near=12.97,77.59`), 200);
    expect(read.mine).toBe(false);
    expect(read.stall?.distance_km).toEqual(expect.any(Number));
  });

  it.each([
    ["a missing type", { text: "hello" }, "type"],
    ["an unknown type", { type: "rant", text: "hello" }, "type"],
    ["text that is not text", { type: "tip", text: 42 }, "text"],
    ["empty text", { type: "tip", text: "   " }, "text"],
    ["1001 characters", { type: "tip", text: "a".repeat(1001) }, "text"],
    ["images that are not a list", { type: "tip", text: "hi", images: "x" }, "images"],
    ["5 images", { type: "tip", text: "hi", images: Array(5).fill(photoUrl("abc.jpg")) }, "images"],
    [
      "an image from elsewhere",
      { type: "tip", text: "hi", images: ["https://evil.example/a.jpg"] },
      "images.0",
    ],
    ["a stall id of the wrong kind", { type: "tip", text: "hi", stall_id: 12 }, "stall_id"],
    ["an unknown stall", { type: "tip", text: "hi", stall_id: "no-such-stall" }, "stall_id"],
    ["a latitude without longitude", { type: "tip", text: "hi", lat: 12.9 }, "lng"],
  ])("refuses %s with 400 naming the field", async (_, body, field) => {
    const answer = await json<{ field: string }>(await share(author, body), 400);
    expect(answer.field).toBe(field);
  });

  it("accepts 1000 characters, and refuses a stall still waiting for review", async () => {
    await newPost(author, { text: "b".repeat(1000) });
    const pending = await createStall(env, { status: "pending" });
    const answer = await json<{ field: string }>(
      await share(author, { type: "tip", text: "hi", stall_id: pending.shopUniqueId }),
      400,
    );
    expect(answer.field).toBe("stall_id");
  });

  it("asks visitors to sign in and unconfirmed people to confirm their address", async () => {
    expect((await call("POST", "/posts", { body: { type: "tip", text: "hi" } })).status).toBe(401);
    const unconfirmed = await member({ verified: false });
    const answer = await json<{ error: string }>(await share(unconfirmed, { type: "tip", text: "hi" }), 403);
    expect(answer.error).toMatch(/confirm your e-mail/i);
  });

  it("takes the writer's own unused uploads, keeps them from the orphan clean-up, and deletes them with the post", async () => {
    const db = getDb(env.DB);
    const type = sniffImageType(PLAIN_JPEG);
    if (!type) throw new Error("test image");
    const keys = await Promise.all(
      [1, 2].map(() => storePhoto(db, env.PHOTOS, { userId: author.id, bytes: PLAIN_JPEG.buffer, type })),
    );
    const post = await newPost(author, { images: keys.map(photoUrl) });
    expect(post.images).toEqual(keys.map(photoUrl));
    const rowsOfPost = async () =>
      (
        await env.DB.prepare(
          `SELECT count(*) AS n FROM photos JOIN posts ON posts.id = photos.post_id WHERE posts.public_id = ?`,
        )
          .bind(post.id)
          .first<{ n: number }>()
      )?.n;
    // The rows stay, the post's: the day's upload limit still counts them, and a clean-up days later keeps them.
    expect(await rowsOfPost()).toBe(2);
    await deleteOrphanPhotos(db, env.PHOTOS, Date.now() + 3 * ORPHAN_PHOTO_AGE_MS);
    for (const key of keys) expect(await env.PHOTOS.head(key)).not.toBeNull();
    expect(await rowsOfPost()).toBe(2);

    // Someone else's post cannot take them, nor can the author use them twice.
    const again = await json<{ field: string }>(
      await share(author, { type: "tip", text: "x", images: [post.images[0]] }),
      400,
    );
    expect(again.field).toBe("images.0");
    const stranger = await storePhoto(db, env.PHOTOS, { userId: reader.id, bytes: PLAIN_JPEG.buffer, type });
    const foreign = await json<{ field: string }>(
      await share(author, { type: "tip", text: "x", images: [photoUrl(stranger)] }),
      400,
    );
    expect(foreign.field).toBe("images.0");

    // Taking one out of the post deletes it; deleting the post deletes the rest.
    const [first, second] = keys as [string, string];
    await json<PostView>(
      await call("PUT", `/posts/${post.id}`, {
        token: author.token,
        body: { type: "tip", text: "One photo is enough", images: [photoUrl(second)] },
      }),
      200,
    );
    expect(await env.PHOTOS.head(first)).toBeNull();
    expect(await env.PHOTOS.head(second)).not.toBeNull();
    expect(await rowsOfPost()).toBe(1);
    expect((await call("DELETE", `/posts/${post.id}`, { token: author.token })).status).toBe(204);
    expect(await env.PHOTOS.head(second)).toBeNull();
    const left = await env.DB.prepare(`SELECT count(*) AS n FROM photos WHERE key IN (?, ?)`)
      .bind(...keys)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect(photoKeyFromUrl(photoUrl(second))).toBe(second);
  });
});

describe("the author's rights", () => {
  it("lets the author edit and delete, answers others 403 and unknown posts 404", async () => {
    const post = await newPost(author);
    const edit = { type: "discovery", text: "Edited: now with a stall", stall_id: stall.shopUniqueId };
    expect((await call("PUT", `/posts/${post.id}`, { token: reader.token, body: edit })).status).toBe(403);
    expect((await call("DELETE", `/posts/${post.id}`, { token: reader.token })).status).toBe(403);
    expect((await call("PUT", `/posts/${post.id}`, { body: edit })).status).toBe(401);
    const edited = await json<PostView>(
      await call("PUT", `/posts/${post.id}`, { token: author.token, body: edit }),
      200,
    );
    expect(edited).toMatchObject({ type: "discovery", text: edit.text, stall: { id: stall.shopUniqueId } });
    expect(edited.updated_at).not.toBeNull();
    expect((await call("DELETE", `/posts/${post.id}`, { token: author.token })).status).toBe(204);
    expect((await call("GET", `/posts/${post.id}`)).status).toBe(404);
    expect((await call("PUT", `/posts/${post.id}`, { token: author.token, body: edit })).status).toBe(404);
    expect((await call("GET", "/posts/not$an$id")).status).toBe(400);
  });
});

describe("hidden posts", () => {
  it("are invisible in every read path but to their author, who sees why", async () => {
    // The reader follows the author first, so the post reaches their Following before it is hidden.
    const follower = await member();
    await json(
      await call("PUT", `/users/${author.username}/follow`, {
        token: follower.token,
        body: { following: true },
      }),
      200,
    );
    const post = await newPost(author, { text: "Hidden soon", stall_id: stall.shopUniqueId });
    const following = async () =>
      (
        await json<{ data: PostView[] }>(
          await call("GET", "/feed?tab=following", { token: follower.token }),
          200,
        )
      ).data.map((p) => p.id);
    expect(await following()).toContain(post.id);
    await json(
      await call("PUT", `/posts/${post.id}/save`, { token: reader.token, body: { saved: true } }),
      200,
    );
    await hide(post.id);

    expect((await call("GET", `/posts/${post.id}`, { token: reader.token })).status).toBe(404);
    expect((await call("GET", `/posts/${post.id}`)).status).toBe(404);
    const own = await json<PostView>(await call("GET", `/posts/${post.id}`, { token: author.token }), 200);
    expect(own.hidden_reason).toBe("Spam");

    const ids = (page: { data: PostView[] }) => page.data.map((p) => p.id);
    for (const path of [
      "/feed",
      "/feed?tab=for_you",
      `/feed?tab=nearby&near=${stall.latitude},${stall.longitude}`,
    ]) {
      expect(ids(await json(await call("GET", path, { token: reader.token }), 200))).not.toContain(post.id);
    }
    expect(await following()).not.toContain(post.id);
    const { listPostsBy, listSavedPosts } = await import("~/models/post/post.server");
    const db = getDb(env.DB);
    expect(ids(await listSavedPosts(db, reader.id))).not.toContain(post.id);
    expect(ids(await listPostsBy(db, reader, author.id))).not.toContain(post.id);
    expect(ids(await listPostsBy(db, author, author.id))).toContain(post.id);

    for (const [method, path, body] of [
      ["GET", `/posts/${post.id}/comments`, undefined],
      ["POST", `/posts/${post.id}/comments`, { text: "hello?" }],
      ["PUT", `/posts/${post.id}/like`, { liked: true }],
      ["PUT", `/posts/${post.id}/save`, { saved: false }],
      ["PUT", `/posts/${post.id}`, { type: "tip", text: "sneaky edit" }],
      ["DELETE", `/posts/${post.id}`, undefined],
    ] as const) {
      expect((await call(method, path, { token: reader.token, body })).status, `${method} ${path}`).toBe(404);
    }
  });

  it("stay when their author deletes the account, by 'Deleted user', who is told nothing more (ADR 021)", async () => {
    const gone = await member();
    const post = await newPost(gone, { text: "Kept after I leave" });
    await json(
      await call("DELETE", "/profile", { token: gone.token, body: { confirm: gone.username } }),
      200,
    );
    const kept = await json<PostView>(await call("GET", `/posts/${post.id}`), 200);
    expect(kept.text).toBe("Kept after I leave");
    expect(kept.author).toMatchObject({ name: "Deleted user", username: null, avatar_url: null });
    const page = await json<{ data: PostView[] }>(await call("GET", "/feed"), 200);
    expect(page.data.map((p) => p.id)).toContain(post.id);

    // A like and a comment still count, and nobody is left to tell.
    await json(
      await call("PUT", `/posts/${post.id}/like`, { token: reader.token, body: { liked: true } }),
      200,
    );
    await json(
      await call("POST", `/posts/${post.id}/comments`, { token: reader.token, body: { text: "Miss you" } }),
      201,
    );
    const told = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?")
      .bind(gone.id)
      .first<{ n: number }>();
    expect(told?.n).toBe(0);
  });
});

describe("likes and saves", () => {
  it("keep the count equal to the rows under 20 parallel likes, and notify the author once per liker", async () => {
    const post = await newPost(author);
    const likers = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(env)));
    const answers = await Promise.all(
      likers.map((liker) =>
        call("PUT", `/posts/${post.id}/like`, { token: liker.token, body: { liked: true } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const row = await env.DB.prepare(
      "SELECT like_count, (SELECT count(*) FROM post_likes WHERE post_id = posts.id) AS n FROM posts WHERE public_id = ?",
    )
      .bind(post.id)
      .first<{ like_count: number; n: number }>();
    expect(row).toEqual({ like_count: 20, n: 20 });
    const likes = (await notices(author.id, "like")).filter((n) => n.subject === `post:${post.id}`);
    expect(likes).toHaveLength(20);
    expect(likes[0]?.link).toBe(`/feed?post=${post.id}`);
  });

  it("repeat an explicit {liked} without changing anything, toggle without a body, and never notify oneself", async () => {
    const post = await newPost(author);
    const like = (body?: unknown) => call("PUT", `/posts/${post.id}/like`, { token: reader.token, body });
    expect(await json(await like({ liked: true }), 200)).toEqual({ liked: true, like_count: 1 });
    expect(await json(await like({ liked: true }), 200)).toEqual({ liked: true, like_count: 1 });
    expect(await json(await like(), 200)).toEqual({ liked: false, like_count: 0 });
    expect(await json(await like({ liked: false }), 200)).toEqual({ liked: false, like_count: 0 });
    expect(await json(await like(), 200)).toEqual({ liked: true, like_count: 1 });
    // Liking again within the group's 48 hours tells the author nothing new (ADR 024).
    expect((await notices(author.id, "like")).filter((n) => n.subject === `post:${post.id}`)).toHaveLength(1);
    expect((await like({ liked: "yes" })).status).toBe(400);
    expect((await call("PUT", `/posts/${post.id}/like`, { body: { liked: true } })).status).toBe(401);

    await json(
      await call("PUT", `/posts/${post.id}/like`, { token: author.token, body: { liked: true } }),
      200,
    );
    expect((await notices(author.id)).filter((n) => n.actor_id === author.id)).toEqual([]);
    const read = await json<PostView>(await call("GET", `/posts/${post.id}`, { token: reader.token }), 200);
    expect(read).toMatchObject({ liked: true, like_count: 2 });
  });

  it("list saved posts, most recently saved first, and count saves", async () => {
    const saver = await member();
    const first = await newPost(author, { text: "first to save" });
    const second = await newPost(author, { text: "second to save" });
    for (const post of [first, second]) {
      expect(
        await json(await call("PUT", `/posts/${post.id}/save`, { token: saver.token, body: {} }), 200),
      ).toEqual({
        saved: true,
        save_count: 1,
      });
    }
    const { listSavedPosts } = await import("~/models/post/post.server");
    const page = await listSavedPosts(getDb(env.DB), saver.id);
    expect(page.data.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(page.data.every((p) => p.saved)).toBe(true);
    await json(
      await call("PUT", `/posts/${first.id}/save`, { token: saver.token, body: { saved: false } }),
      200,
    );
    expect((await listSavedPosts(getDb(env.DB), saver.id)).data.map((p) => p.id)).toEqual([second.id]);
  });

  it("like reviews too, recounted and told to the reviewer", async () => {
    await env.DB.prepare(
      "INSERT INTO reviews (stall_id, user_id, rating, body) SELECT id, ?, 5, 'Crisp' FROM stalls WHERE shop_unique_id = ?",
    )
      .bind(author.id, stall.shopUniqueId)
      .run();
    const review = await env.DB.prepare("SELECT id FROM reviews WHERE user_id = ?")
      .bind(author.id)
      .first<{ id: number }>();
    const path = `/reviews/${review?.id}/like`;
    expect(await json(await call("PUT", path, { token: reader.token, body: { liked: true } }), 200)).toEqual({
      liked: true,
      like_count: 1,
    });
    expect(await json(await call("PUT", path, { token: reader.token }), 200)).toEqual({
      liked: false,
      like_count: 0,
    });
    expect((await notices(author.id, "like")).filter((n) => n.subject === `review:${review?.id}`)).toEqual([
      expect.objectContaining({ link: `/stall/${stall.shopUniqueId}` }),
    ]);
    expect((await call("PUT", "/reviews/999999/like", { token: reader.token })).status).toBe(404);
    expect((await call("PUT", "/reviews/abc/like", { token: reader.token })).status).toBe(400);
  });
});

describe("comments", () => {
  it("thread one level deep, oldest first, and keep the post's count", async () => {
    const post = await newPost(author);
    const add = (user: User, body: unknown) =>
      call("POST", `/posts/${post.id}/comments`, { token: user.token, body });
    const top = await json<CommentView>(await add(reader, { text: "Which day is best?" }), 201);
    const reply = await json<CommentView>(await add(author, { text: "Sunday", parent_id: top.id }), 201);
    const second = await json<CommentView>(await add(reader, { text: "Thanks!" }), 201);
    expect((await add(reader, { text: "nested", parent_id: reply.id })).status).toBe(400);
    const other = await newPost(author);
    const elsewhere = await json<{ field: string }>(
      await call("POST", `/posts/${other.id}/comments`, {
        token: reader.token,
        body: { text: "x", parent_id: top.id },
      }),
      400,
    );
    expect(elsewhere.field).toBe("parent_id");
    for (const [body, field] of [
      [{ text: "" }, "text"],
      [{ text: "c".repeat(501) }, "text"],
      [{ text: 5 }, "text"],
      [{ text: "ok", parent_id: "one" }, "parent_id"],
    ] as const) {
      expect((await json<{ field: string }>(await add(reader, body), 400)).field).toBe(field);
    }

    const thread = await json<{ data: CommentView[] }>(await call("GET", `/posts/${post.id}/comments`), 200);
    expect(thread.data.map((c) => [c.text, c.replies.map((r) => r.text)])).toEqual([
      ["Which day is best?", ["Sunday"]],
      ["Thanks!", []],
    ]);
    expect((await json<PostView>(await call("GET", `/posts/${post.id}`), 200)).comment_count).toBe(3);
    const comments = (await notices(author.id, "comment")).filter((n) => n.subject === `post:${post.id}`);
    expect(comments).toHaveLength(2);

    // A reply also tells the one whose comment it answers, once, and never its own writer.
    const answered = async () =>
      (await notices(reader.id, "comment")).filter((n) => n.subject === `post:${post.id}`);
    expect(await answered()).toEqual([expect.objectContaining({ actor_id: author.id })]);
    const third = await member();
    await json(await add(third, { text: "Saturday too", parent_id: top.id }), 201);
    expect((await answered()).map((n) => n.actor_id).sort()).toEqual([author.id, third.id].sort());
    expect((await notices(author.id, "comment")).filter((n) => n.subject === `post:${post.id}`)).toHaveLength(
      3,
    );
    await json(await add(reader, { text: "Me too", parent_id: top.id }), 201);
    expect(await answered()).toHaveLength(2);

    // Only the author edits or deletes a comment; deleting a top-level one takes its replies.
    expect(
      (await call("PUT", `/comments/${top.id}`, { token: author.token, body: { text: "x" } })).status,
    ).toBe(403);
    expect((await call("DELETE", `/comments/${top.id}`, { token: author.token })).status).toBe(403);
    const edited = await json<CommentView>(
      await call("PUT", `/comments/${second.id}`, { token: reader.token, body: { text: "Thanks a lot!" } }),
      200,
    );
    expect(edited).toMatchObject({ text: "Thanks a lot!", mine: true });
    expect((await call("DELETE", `/comments/${top.id}`, { token: reader.token })).status).toBe(204);
    expect(
      (await call("PUT", `/comments/${top.id}`, { token: reader.token, body: { text: "x" } })).status,
    ).toBe(404);
    expect((await json<PostView>(await call("GET", `/posts/${post.id}`), 200)).comment_count).toBe(1);
  });
});

describe("rate limits", () => {
  it("refuse a 31st post in a day with 429 and a clear message", async () => {
    const busy = await member();
    for (let i = 0; i < 30; i++) await newPost(busy, { text: `post ${i}` });
    const refused = await share(busy, { type: "tip", text: "one too many" });
    const answer = await json<{ error: string }>(refused, 429);
    expect(answer.error).toBe("You can share up to 30 posts a day. Please try again tomorrow.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuse a 201st comment in a day with 429", { timeout: 60_000 }, async () => {
    const chatty = await member();
    const post = await newPost(author);
    const statuses = await Promise.all(
      Array.from({ length: 201 }, async (_, i) => {
        const answer = await call("POST", `/posts/${post.id}/comments`, {
          token: chatty.token,
          body: { text: `comment ${i}` },
        });
        return answer.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(200);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});

describe("mentions", () => {
  it("notify each mentioned person once per post, through edits and comments, never the writer", async () => {
    const named = await member();
    const text = `Ask @${named.username.toUpperCase()} and @${named.username} and @${author.username} and @nobody_here`;
    const post = await newPost(author, { text });
    const edit = { type: "tip", text: `${text} again` };
    await json(await call("PUT", `/posts/${post.id}`, { token: author.token, body: edit }), 200);
    await json(
      await call("POST", `/posts/${post.id}/comments`, {
        token: author.token,
        body: { text: `@${named.username} hi` },
      }),
      201,
    );
    const mentions = await notices(named.id, "mention");
    expect(mentions).toEqual([expect.objectContaining({ subject: `post:${post.id}`, actor_id: author.id })]);
    expect((await notices(author.id, "mention")).filter((n) => n.subject === `post:${post.id}`)).toEqual([]);
  });

  it("respect the mention policy: nobody, and following (only people they follow)", async () => {
    const private_ = await member({ mentionPolicy: "nobody" });
    const picky = await member({ mentionPolicy: "following" });
    const stranger = await member();
    const friend = await member();
    await env.DB.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?)")
      .bind(picky.id, friend.id)
      .run();
    await newPost(stranger, { text: `@${private_.username} @${picky.username}` });
    await newPost(friend, { text: `@${private_.username} @${picky.username}` });
    expect(await notices(private_.id, "mention")).toEqual([]);
    expect((await notices(picky.id, "mention")).map((n) => n.actor_id)).toEqual([friend.id]);
  });
});
