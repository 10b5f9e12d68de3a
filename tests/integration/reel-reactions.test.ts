import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { hotScore } from "~/lib/rules/hot-score";
import type { NotificationPage } from "~/lib/schemas/notifications";
import type { ReelPage, ReelView } from "~/lib/schemas/reels";
import { refreshReelHotScores } from "~/models/hot-score.server";
import { mediaObjectKey } from "~/models/media.server";
import { createSignedInUser, createStall, insertReel } from "../factories";

// Likes, saves, reports and deletion of reels through /api/reels against real D1, KV and R2: counts under parallel
// likes, one grouped notice in the author's inbox (and 'This reel was removed' once it is gone), idempotent
// writes, who may delete (and that the R2 objects go), bad input and visitors.

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

const inbox = async (who: User) =>
  json<NotificationPage>(await call("GET", "/notifications", { token: who.token }), 200);
const unread = async (who: User) =>
  (await json<{ count: number }>(await call("GET", "/notifications/unread-count", { token: who.token }), 200))
    .count;

async function mediaKeys(): Promise<string[]> {
  const listed = await env.PHOTOS.list({ prefix: "media/" });
  return listed.objects.map((object) => object.key);
}

let author: User;
let reader: User;
let stall: Awaited<ReturnType<typeof createStall>>;

beforeAll(async () => {
  author = await createSignedInUser(env, { fullName: "Asha Rao" });
  reader = await createSignedInUser(env, { fullName: "Vikram Singh" });
  stall = await createStall(env, { name: "Raju's Chaat" });
});

describe("likes", () => {
  it("keep the count equal to the rows under 20 parallel likes, and tell the author in one inbox item", async () => {
    const reel = await insertReel(env, author.id, {
      stallId: stall.shopUniqueId,
      caption: "Golgappe at dusk",
    });
    expect(await unread(author)).toBe(0);
    const likers = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(env)));
    const answers = await Promise.all(
      likers.map((liker) =>
        call("PUT", `/reels/${reel.id}/like`, { token: liker.token, body: { liked: true } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const row = await env.DB.prepare(
      "SELECT like_count, (SELECT count(*) FROM reel_likes WHERE reel_id = reels.id) AS n FROM reels WHERE public_id = ?",
    )
      .bind(reel.id)
      .first<{ like_count: number; n: number }>();
    expect(row).toEqual({ like_count: 20, n: 20 });

    const heads = await env.DB.prepare(
      "SELECT count(*) AS n, sum(is_head) AS heads, max(group_size) AS size FROM notifications WHERE user_id = ? AND subject = ?",
    )
      .bind(author.id, `reel:${reel.id}`)
      .first<{ n: number; heads: number; size: number }>();
    expect(heads).toEqual({ n: 20, heads: 1, size: 20 });
    expect(await unread(author)).toBe(1);
    const [item] = (await inbox(author)).data;
    expect(item).toMatchObject({
      type: "like",
      href: `/reels/${reel.id}`,
      others: 19,
      subject: { kind: "reel", removed: false, preview: "Golgappe at dusk" },
    });
    expect(item?.text).toMatch(/ and 19 others liked your reel$/);

    const view = await json<ReelView>(
      await call("GET", `/reels/${reel.id}`, { token: likers[3]?.token }),
      200,
    );
    expect(view).toMatchObject({ like_count: 20, liked: true });

    // Once the reel is deleted its item stays, saying so and leading nowhere.
    expect((await call("DELETE", `/reels/${reel.id}`, { token: author.token })).status).toBe(204);
    const [after] = (await inbox(author)).data;
    expect(after).toMatchObject({
      href: null,
      subject: { kind: "reel", removed: true, preview: "This reel was removed" },
    });
  });

  it("repeat an explicit {liked} without changing anything, toggle without a body, and never tell oneself", async () => {
    const owner = await createSignedInUser(env);
    const reel = await insertReel(env, owner.id, { stallId: stall.shopUniqueId });
    const like = (body?: unknown, who = reader) =>
      call("PUT", `/reels/${reel.id}/like`, { token: who.token, body });
    expect(await json(await like({ liked: true }), 200)).toEqual({ liked: true, like_count: 1 });
    expect(await json(await like({ liked: true }), 200)).toEqual({ liked: true, like_count: 1 });
    expect(await json(await like(), 200)).toEqual({ liked: false, like_count: 0 });
    expect(await json(await like({ liked: false }), 200)).toEqual({ liked: false, like_count: 0 });
    expect(await json(await like({}), 200)).toEqual({ liked: true, like_count: 1 });
    const told = await env.DB.prepare("SELECT actor_id, title FROM notifications WHERE user_id = ?")
      .bind(owner.id)
      .all<{ actor_id: string; title: string }>();
    // Liking again within the group's 48 hours tells the owner nothing new (ADR 024).
    expect(told.results).toEqual([{ actor_id: reader.id, title: "Vikram Singh liked your reel" }]);
    const [item] = (await inbox(owner)).data;
    expect(item?.text).toBe("Vikram Singh liked your reel");

    expect(await json(await like({ liked: true }, owner), 200)).toEqual({ liked: true, like_count: 2 });
    const again = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>();
    expect(again?.n).toBe(1);
  });

  it("and saves answer 404 for a pending reel, even to its author", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status: "pending" });
    for (const who of [reader, author]) {
      expect((await call("PUT", `/reels/${reel.id}/like`, { token: who.token, body: {} })).status).toBe(404);
      expect((await call("PUT", `/reels/${reel.id}/save`, { token: who.token, body: {} })).status).toBe(404);
    }
    expect((await call("PUT", "/reels/AAAAAAAAAAAA/like", { token: reader.token, body: {} })).status).toBe(
      404,
    );
  });
});

describe("saves", () => {
  it("set, repeat and flip, with the count and the reader's mark", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
    const save = (body?: unknown) => call("PUT", `/reels/${reel.id}/save`, { token: reader.token, body });
    expect(await json(await save({ saved: true }), 200)).toEqual({ saved: true, save_count: 1 });
    expect(await json(await save({ saved: true }), 200)).toEqual({ saved: true, save_count: 1 });
    const view = await json<ReelView>(await call("GET", `/reels/${reel.id}`, { token: reader.token }), 200);
    expect(view).toMatchObject({ saved: true, save_count: 1 });
    expect(await json(await save(), 200)).toEqual({ saved: false, save_count: 0 });
    // Saving tells nobody.
    const told = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE subject = ?")
      .bind(`reel:${reel.id}`)
      .first<{ n: number }>();
    expect(told?.n).toBe(0);
  });
});

describe("reports", () => {
  it("are one per person and reel: the first 201, a second 200 keeping the first reason", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
    const report = (reason: unknown, who = reader) =>
      call("POST", `/reels/${reel.id}/report`, { token: who.token, body: { reason } });
    expect(await json(await report("Not food, an advert"), 201)).toEqual({ reported: true });
    expect(await json(await report("Changed my mind about why"), 200)).toEqual({ reported: true });
    const rows = await env.DB.prepare(
      "SELECT details AS reason FROM reports WHERE subject_type = 'reel' AND subject_id = (SELECT CAST(id AS TEXT) FROM reels WHERE public_id = ?)",
    )
      .bind(reel.id)
      .all<{ reason: string }>();
    expect(rows.results).toEqual([{ reason: "Not food, an advert" }]);

    expect((await json<{ field: string }>(await report(""), 400)).field).toBe("reason");
    expect((await json<{ field: string }>(await report(5), 400)).field).toBe("reason");
    expect((await json<{ field: string }>(await report("x".repeat(1001)), 400)).field).toBe("reason");
    expect(await json(await report("Mine", author), 400)).toEqual({
      error: "You cannot report your own reel",
    });
    const pending = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status: "pending" });
    const pendingReport = await call("POST", `/reels/${pending.id}/report`, {
      token: reader.token,
      body: { reason: "Spam" },
    });
    expect(pendingReport.status).toBe(404);
  });
});

describe("deleting", () => {
  it("is for the author, who removes the row and its R2 video and poster; a stranger gets 404", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    const other = await insertReel(env, reader.id, { stallId: stall.shopUniqueId, withMedia: true });
    expect(await mediaKeys()).toEqual(
      expect.arrayContaining([mediaObjectKey(reel.videoKey), mediaObjectKey(reel.posterKey)]),
    );
    await json(
      await call("PUT", `/reels/${reel.id}/like`, { token: reader.token, body: { liked: true } }),
      200,
    );

    expect(await json(await call("DELETE", `/reels/${reel.id}`, { token: reader.token }), 404)).toEqual({
      error: "Reel not found",
    });
    expect((await call("GET", `/reels/${reel.id}`)).status).toBe(200);

    const gone = await call("DELETE", `/reels/${reel.id}`, { token: author.token });
    expect(gone.status).toBe(204);
    expect((await call("GET", `/reels/${reel.id}`, { token: author.token })).status).toBe(404);
    const keys = await mediaKeys();
    expect(keys).not.toContain(mediaObjectKey(reel.videoKey));
    expect(keys).not.toContain(mediaObjectKey(reel.posterKey));
    // Another reel's bytes stay.
    expect(keys).toEqual(
      expect.arrayContaining([mediaObjectKey(other.videoKey), mediaObjectKey(other.posterKey)]),
    );
    const likes = await env.DB.prepare("SELECT count(*) AS n FROM reel_likes WHERE reel_id = ?")
      .bind(reel.rowId)
      .first<{ n: number }>();
    expect(likes?.n).toBe(0);
    expect((await call("DELETE", `/reels/${reel.id}`, { token: author.token })).status).toBe(404);
  });

  it("is for a moderator too, pending or approved", async () => {
    const moderator = await createSignedInUser(env, { role: "moderator" });
    for (const status of ["pending", "approved"] as const) {
      const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, status, withMedia: true });
      expect((await call("DELETE", `/reels/${reel.id}`, { token: moderator.token })).status).toBe(204);
      expect(await mediaKeys()).not.toContain(mediaObjectKey(reel.videoKey));
      expect((await call("GET", `/reels/${reel.id}`, { token: author.token })).status).toBe(404);
    }
  });
});

describe("deleting an account", () => {
  it("deletes the person's reels, pending ones too, with their R2 objects; others' reels stay", async () => {
    const leaving = await createSignedInUser(env);
    const [first, second] = [
      await insertReel(env, leaving.id, { stallId: stall.shopUniqueId, withMedia: true }),
      await insertReel(env, leaving.id, { stallId: stall.shopUniqueId, status: "pending", withMedia: true }),
    ];
    const kept = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    const deleted = await call("DELETE", "/profile", {
      token: leaving.token,
      body: { confirm: leaving.email },
    });
    expect(deleted.status, await deleted.text()).toBe(200);
    const keys = await mediaKeys();
    for (const reel of [first, second]) {
      expect(keys).not.toContain(mediaObjectKey(reel.videoKey));
      expect(keys).not.toContain(mediaObjectKey(reel.posterKey));
      expect((await call("GET", `/reels/${reel.id}`, { token: author.token })).status).toBe(404);
    }
    expect(keys).toContain(mediaObjectKey(kept.videoKey));
    expect((await call("GET", `/reels/${kept.id}`)).status).toBe(200);
  });
});

describe("For You's hot score", () => {
  it("is written by the hourly job from likes, saves and age, and orders For You", async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const at = (ago: number) => ({ stallId: stall.shopUniqueId, createdAt: now - ago });
    const fresh = await insertReel(env, author.id, at(hour));
    const popular = await insertReel(env, author.id, { ...at(26 * hour), likeCount: 30 });
    const quiet = await insertReel(env, author.id, { ...at(26 * hour), likeCount: 1 });
    const old = await insertReel(env, author.id, { ...at(8 * 24 * hour), likeCount: 500, hotScore: 12.5 });
    const pending = await insertReel(env, author.id, { ...at(hour), status: "pending" });

    expect(await refreshReelHotScores(getDb(env.DB), now)).toBeGreaterThanOrEqual(4);
    const scores = new Map(
      (
        await env.DB.prepare("SELECT public_id, hot_score FROM reels").all<{
          public_id: string;
          hot_score: number;
        }>()
      ).results.map((row) => [row.public_id, row.hot_score]),
    );
    expect(scores.get(popular.id)).toBeCloseTo(
      hotScore({ likes: 30, comments: 0, saves: 0, createdAt: now - 26 * hour }, now),
      6,
    );
    expect(scores.get(old.id)).toBe(0);
    expect(scores.get(pending.id)).toBe(0);
    // A second run has nothing left to write.
    expect(await refreshReelHotScores(getDb(env.DB), now)).toBe(0);

    const ours = [fresh.id, popular.id, quiet.id, old.id];
    const feed: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const page: ReelPage = await json<ReelPage>(await call("GET", `/reels${query}`), 200);
      feed.push(...page.data.map((reel) => reel.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(feed.filter((id) => ours.includes(id))).toEqual(ours);
  });
});

describe("input and visitors", () => {
  it("answers 400 naming the field for wrong JSON types and a bad id", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId });
    const cases: [string, string, unknown, string][] = [
      ["PUT", `/reels/${reel.id}/like`, { liked: "yes" }, "liked"],
      ["PUT", `/reels/${reel.id}/like`, { liked: 1 }, "liked"],
      ["PUT", `/reels/${reel.id}/save`, { saved: "true" }, "saved"],
      ["POST", `/reels/${reel.id}/report`, {}, "reason"],
      ["PUT", "/reels/not-a-reel/like", { liked: true }, "id"],
      ["PUT", "/reels/abc/save", { saved: true }, "id"],
      ["POST", "/reels/abc/report", { reason: "Spam" }, "id"],
      ["DELETE", "/reels/abc", undefined, "id"],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await json<{ field: string }>(
        await call(method, path, { token: reader.token, body }),
        400,
      );
      expect(answer.field, `${method} ${path}`).toBe(field);
    }
    // A body that is not a JSON object at all.
    const raw = await api.request(
      `/api/reels/${reel.id}/like`,
      {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${reader.token}` },
        body: "[true]",
      },
      env,
    );
    expect(raw.status).toBe(400);
  });

  it("asks visitors to sign in for every write, and changes nothing", async () => {
    const reel = await insertReel(env, author.id, { stallId: stall.shopUniqueId, withMedia: true });
    const writes: [string, string, unknown][] = [
      ["PUT", `/reels/${reel.id}/like`, { liked: true }],
      ["PUT", `/reels/${reel.id}/save`, { saved: true }],
      ["POST", `/reels/${reel.id}/report`, { reason: "Spam" }],
      ["DELETE", `/reels/${reel.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      expect(await json(await call(method, path, { body }), 401), `${method} ${path}`).toEqual({
        error: "Please log in first!",
      });
    }
    const view = await json<ReelView>(await call("GET", `/reels/${reel.id}`), 200);
    expect(view).toMatchObject({ like_count: 0, save_count: 0 });
    expect(await mediaKeys()).toContain(mediaObjectKey(reel.videoKey));
  });
});
