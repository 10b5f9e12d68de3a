import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import type { ReelPage, ReelView } from "~/lib/schemas/reels";
import { createSignedInUser, createStall, insertReel } from "../factories";

// Reading reels through /api/reels against real D1: who sees a pending reel, the four tabs and their cursors
// (no gaps, no repeats), Nearby's distance, and bad input answered 400 naming the field.

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

/** Every reel of a tab, page by page, checking each page's size. */
async function allPages(query: string, token?: string): Promise<ReelView[]> {
  const seen: ReelView[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const separator = query.includes("?") ? "&" : "?";
    const path = cursor ? `/reels${query}${separator}cursor=${encodeURIComponent(cursor)}` : `/reels${query}`;
    const page: ReelPage = await json<ReelPage>(await call("GET", path, { token }), 200);
    expect(page.data.length).toBeLessThanOrEqual(10);
    seen.push(...page.data);
    cursor = page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("more than 20 pages");
}

let author: User;
let reader: User;
let moderator: User;
let stall: Awaited<ReturnType<typeof createStall>>;

beforeAll(async () => {
  author = await createSignedInUser(env, { fullName: "Asha Rao" });
  reader = await createSignedInUser(env);
  moderator = await createSignedInUser(env, { role: "moderator" });
  stall = await createStall(env, { name: "Raju's Chaat", latitude: 28.6139, longitude: 77.209 });
});

describe("one reel", () => {
  it("answers its media, author, stall, counts and the reader's marks", async () => {
    const reel = await insertReel(env, author.id, {
      stallId: stall.shopUniqueId,
      caption: "Crisp golgappe #chaat",
      durationMs: 12_349,
      likeCount: 3,
    });
    const view = await json<ReelView>(
      await call("GET", `/reels/${reel.id}?near=28.6239,77.209`, { token: reader.token }),
      200,
    );
    expect(view).toMatchObject({
      id: reel.id,
      video_url: `/media/${reel.videoKey}`,
      poster_url: `/media/${reel.posterKey}`,
      video_type: "video/mp4",
      duration_s: 12.3,
      width: 720,
      height: 1280,
      caption: "Crisp golgappe #chaat",
      author: { id: author.id, name: "Asha Rao" },
      stall: { id: stall.shopUniqueId, name: "Raju's Chaat" },
      like_count: 3,
      save_count: 0,
      status: "approved",
      liked: false,
      saved: false,
      mine: false,
      following_author: false,
    });
    expect(view.stall.distance_km).toBeCloseTo(1.1, 1);
    expect(["open", "closed", "closing_soon", "opening_soon", "unknown"]).toContain(view.stall.open_state);
    const mine = await json<ReelView>(await call("GET", `/reels/${reel.id}`, { token: author.token }), 200);
    expect(mine).toMatchObject({ mine: true, following_author: null });
    expect(mine.stall.distance_km).toBeNull();
    const visitor = await json<ReelView>(await call("GET", `/reels/${reel.id}`), 200);
    expect(visitor).toMatchObject({ mine: false, following_author: null, liked: false });
  });

  it("is not found while pending to everyone but its author and moderators, and stays out of every tab", async () => {
    const reel = await insertReel(env, author.id, { status: "pending", stallId: stall.shopUniqueId });
    expect((await call("GET", `/reels/${reel.id}`)).status).toBe(404);
    const stranger = await call("GET", `/reels/${reel.id}`, { token: reader.token });
    expect(await json(stranger, 404)).toEqual({ error: "Reel not found" });
    expect(
      await json<ReelView>(await call("GET", `/reels/${reel.id}`, { token: author.token }), 200),
    ).toMatchObject({ id: reel.id, status: "pending", mine: true });
    expect(
      await json<ReelView>(await call("GET", `/reels/${reel.id}`, { token: moderator.token }), 200),
    ).toMatchObject({ id: reel.id, status: "pending", mine: false });
    const forYou = await allPages("", author.token);
    expect(forYou.map((r) => r.id)).not.toContain(reel.id);
    const nearby = await allPages("?tab=nearby&near=28.6139,77.209", author.token);
    expect(nearby.map((r) => r.id)).not.toContain(reel.id);
  });

  it("answers 404 for an unknown id and 400 naming `id` for a malformed one", async () => {
    expect(await json(await call("GET", "/reels/AAAAAAAAAAAA"), 404)).toEqual({ error: "Reel not found" });
    for (const id of ["short", "has-a-dash!", "x".repeat(13)]) {
      const body = await json<{ field: string }>(await call("GET", `/reels/${id}`), 400);
      expect(body.field).toBe("id");
    }
    expect(
      (await json<{ field: string }>(await call("GET", `/reels/${"A".repeat(12)}?near=north`), 400)).field,
    ).toBe("near");
  });

  it("shows a deleted account's reel by 'Deleted user'", async () => {
    const gone = await createSignedInUser(env);
    const reel = await insertReel(env, gone.id, { stallId: stall.shopUniqueId });
    await env.DB.prepare(
      "UPDATE profiles SET full_name = 'Deleted user', username = NULL, avatar_url = NULL WHERE user_id = ?",
    )
      .bind(gone.id)
      .run();
    const view = await json<ReelView>(await call("GET", `/reels/${reel.id}`), 200);
    expect(view.author).toMatchObject({ name: "Deleted user", username: null, avatar_url: null });
  });
});

describe("the tabs", () => {
  it("For You pages by hot score with a cursor, without gaps or repeats, ties broken by id", async () => {
    const made: Awaited<ReturnType<typeof insertReel>>[] = [];
    for (let i = 0; i < 23; i++) {
      // Ties on purpose: three reels share each score.
      made.push(await insertReel(env, author.id, { stallId: stall.shopUniqueId, hotScore: 1000 + (i % 8) }));
    }
    const seen = await allPages("", reader.token);
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const reel of made) expect(ids).toContain(reel.id);
    const ours = seen.filter((r) => made.some((m) => m.id === r.id));
    const scores = ours.map((r) => made.findIndex((m) => m.id === r.id) % 8);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await json<ReelPage>(await call("GET", "/reels?tab=for_you"), 200)).data).toHaveLength(10);
  });

  it("Following lists the reels of people the reader follows, newest first, and asks visitors to sign in", async () => {
    const fan = await createSignedInUser(env);
    const [a, b, c] = await Promise.all([
      createSignedInUser(env),
      createSignedInUser(env),
      createSignedInUser(env),
    ]);
    const base = Date.now() - 1_000_000;
    const made: string[] = [];
    // 14 by a, 9 by b, interleaved in time; c is not followed.
    for (let i = 0; i < 23; i++) {
      const who = i % 5 < 3 ? a : b;
      const reel = await insertReel(env, who.id, { stallId: stall.shopUniqueId, createdAt: base + i * 1000 });
      made.push(reel.id);
    }
    await insertReel(env, c.id, { stallId: stall.shopUniqueId, createdAt: base + 50_000 });
    await insertReel(env, a.id, { stallId: stall.shopUniqueId, status: "pending", createdAt: base + 60_000 });
    await env.DB.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?), (?, ?)")
      .bind(fan.id, a.id, fan.id, b.id)
      .run();
    const seen = await allPages("?tab=following", fan.token);
    expect(seen.map((r) => r.id)).toEqual([...made].reverse());
    expect(seen.every((r) => r.following_author === true)).toBe(true);
    expect(await allPages("?tab=following", reader.token)).toEqual([]);
    expect(await json(await call("GET", "/reels?tab=following"), 401)).toEqual({
      error: "Please log in first!",
    });
  });

  it("Nearby lists reels of stalls within 5 km, newest first, with their distance", async () => {
    // Far from every other stall of this file (which are near Delhi or Bangalore).
    const here = { lat: 19.076, lng: 72.8777 };
    const close = await createStall(env, { latitude: here.lat + 0.01, longitude: here.lng });
    const edge = await createStall(env, { latitude: here.lat + 0.04, longitude: here.lng });
    const far = await createStall(env, { latitude: here.lat + 0.06, longitude: here.lng });
    const base = Date.now() - 500_000;
    const nearIds: string[] = [];
    for (let i = 0; i < 13; i++) {
      const reel = await insertReel(env, author.id, {
        stallId: i % 2 ? close.shopUniqueId : edge.shopUniqueId,
        createdAt: base + i * 1000,
      });
      nearIds.push(reel.id);
    }
    const farReel = await insertReel(env, author.id, { stallId: far.shopUniqueId, createdAt: base + 99_000 });
    const seen = await allPages(`?tab=nearby&near=${here.lat},${here.lng}`);
    expect(seen.map((r) => r.id)).toEqual([...nearIds].reverse());
    expect(seen.map((r) => r.id)).not.toContain(farReel.id);
    const closeOne = seen.find((r) => r.stall.id === close.shopUniqueId);
    expect(closeOne?.stall.distance_km).toBeCloseTo(1.1, 1);
    expect(seen.find((r) => r.stall.id === edge.shopUniqueId)?.stall.distance_km).toBeCloseTo(4.4, 1);

    const missing = await json<{ field: string }>(await call("GET", "/reels?tab=nearby"), 400);
    expect(missing.field).toBe("near");
  });

  it("Saved lists the reader's saves, newest saved first, and asks visitors to sign in", async () => {
    const saver = await createSignedInUser(env);
    const reels: Awaited<ReturnType<typeof insertReel>>[] = [];
    for (let i = 0; i < 12; i++)
      reels.push(await insertReel(env, author.id, { stallId: stall.shopUniqueId }));
    // Saved in an order unlike their creation's.
    const order = [5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 8, 6].map((i) => reels[i]?.id as string);
    for (const id of order) {
      await json(await call("PUT", `/reels/${id}/save`, { token: saver.token, body: { saved: true } }), 200);
      // Saves in the same millisecond would tie on time; the row id breaks it, but keep the order the saver's.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await json(
      await call("PUT", `/reels/${order[0]}/save`, { token: saver.token, body: { saved: false } }),
      200,
    );
    const seen = await allPages("?tab=saved", saver.token);
    expect(seen.map((r) => r.id)).toEqual(order.slice(1).reverse());
    expect(seen.every((r) => r.saved)).toBe(true);
    expect((await call("GET", "/reels?tab=saved")).status).toBe(401);
  });

  it("refuses a bad tab, near or cursor naming the field", async () => {
    const cases: [string, string][] = [
      ["?tab=trending", "tab"],
      ["?tab=nearby&near=28.6", "near"],
      ["?near=abc", "near"],
      ["?tab=nearby&near=95,77.2", "near"],
      ["?cursor=not-a-cursor", "cursor"],
      [`?cursor=${"x".repeat(201)}`, "cursor"],
    ];
    for (const [query, field] of cases) {
      const body = await json<{ field: string }>(await call("GET", `/reels${query}`), 400);
      expect(body.field, query).toBe(field);
    }
    // A cursor of another tab is no cursor here.
    const page = await json<ReelPage>(await call("GET", "/reels"), 200);
    expect(page.next_cursor).not.toBeNull();
    const other = await call(
      "GET",
      `/reels?tab=nearby&near=28.6139,77.209&cursor=${encodeURIComponent(page.next_cursor ?? "")}`,
    );
    expect((await json<{ field: string }>(other, 400)).field).toBe("cursor");
  });
});
