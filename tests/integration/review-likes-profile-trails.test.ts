import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { listTrailsBy } from "~/models/food-trail/food-trail.server";
import { OWN_REVIEW_LIKE, setReviewLike } from "~/models/post/post.server";
import { listStallReviews } from "~/models/review.server";
import { REVIEW_LIKE_UNREADABLE } from "~/routes/stall.$id.review-like";
import worker from "../../workers/app";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";
import { drawnHtml } from "../worker-fetch";

// Issue 19's last gaps: likes on a stall page's reviews (the reviews' fields and POST /stall/:id/review-like) and a
// public profile's Trails tab (listTrailsBy and /u/:username?tab=trails), through the models and the whole Worker.

const db = getDb(env.DB);
const ORIGIN = "http://127.0.0.1";
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function request(
  path: string,
  { token, form }: { token?: string; form?: Record<string, string> } = {},
) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token ? { Cookie: `nukkad_session=${token}` } : {};
  const init: RequestInit = form
    ? { method: "POST", body: new URLSearchParams(form), headers: { ...headers, Origin: ORIGIN } }
    : { headers };
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

let people = 0;
async function member() {
  const user = await createSignedInUser(env, { fullName: `Person ${++people}` });
  const username = `person_${people}_${Math.random().toString(36).slice(2, 8)}`;
  await db.update(profiles).set({ username }).where(eq(profiles.userId, user.id));
  return { ...user, username, name: `Person ${people}` };
}

async function reviewBy(userId: string, shopUniqueId: string, body: string) {
  await env.DB.prepare(
    "INSERT INTO reviews (stall_id, user_id, rating, body) SELECT id, ?, 4, ? FROM stalls WHERE shop_unique_id = ?",
  )
    .bind(userId, body, shopUniqueId)
    .run();
  const row = await env.DB.prepare(
    "SELECT r.id FROM reviews r JOIN stalls s ON s.id = r.stall_id WHERE r.user_id = ? AND s.shop_unique_id = ?",
  )
    .bind(userId, shopUniqueId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

describe("a stall's reviews and their likes", () => {
  it("give each review its id, its like count and whether this reader liked it", async () => {
    const stall = await createStall(env, { status: "approved" });
    const [author, fan, other] = [await member(), await member(), await member()];
    const id = await reviewBy(author.id, stall.shopUniqueId, "Crisp and hot");
    await setReviewLike(db, env.KV, fan.id, id, true);
    await setReviewLike(db, env.KV, other.id, id, true);

    const forFan = await listStallReviews(db, stall.shopUniqueId, fan.id);
    expect(forFan?.items).toEqual([expect.objectContaining({ id, like_count: 2, liked: true })]);
    await setReviewLike(db, env.KV, other.id, id, false);
    const forOther = await listStallReviews(db, stall.shopUniqueId, other.id);
    expect(forOther?.items).toEqual([expect.objectContaining({ id, like_count: 1, liked: false })]);
    const forVisitor = await listStallReviews(db, stall.shopUniqueId, null);
    expect(forVisitor?.items).toEqual([expect.objectContaining({ id, like_count: 1, liked: false })]);
    const forAuthor = await listStallReviews(db, stall.shopUniqueId, author.id);
    expect(forAuthor?.mine).toEqual(expect.objectContaining({ id, like_count: 1, liked: false }));
  });

  it("POST /stall/:id/review-like: visitors sign in; bad input, unknown and own reviews are refused; a like sets and counts", async () => {
    const stall = await createStall(env, { status: "approved" });
    const [author, fan] = [await member(), await member()];
    const id = await reviewBy(author.id, stall.shopUniqueId, "Worth the queue");
    const path = `/stall/${stall.shopUniqueId}/review-like`;

    const visitor = await request(path, { form: { reviewId: String(id), value: "true" } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/auth?redirectTo=");

    const badForms: Record<string, string>[] = [
      { reviewId: "abc", value: "true" },
      { reviewId: "-3", value: "true" },
      { reviewId: "1.5", value: "true" },
      { reviewId: String(id), value: "maybe" },
      { reviewId: String(id) },
      { value: "true" },
      { reviewId: "9".repeat(400), value: "true" },
    ];
    for (const form of badForms) {
      const refused = await request(path, { token: fan.token, form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
      expect(await refused.json()).toEqual({ ok: false, message: REVIEW_LIKE_UNREADABLE });
    }
    const unknown = await request(path, { token: fan.token, form: { reviewId: "99999999", value: "true" } });
    expect(unknown.status).toBe(404);

    const own = await request(path, { token: author.token, form: { reviewId: String(id), value: "true" } });
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ ok: false, message: OWN_REVIEW_LIKE });

    for (let i = 0; i < 2; i++) {
      const liked = await request(path, { token: fan.token, form: { reviewId: String(id), value: "true" } });
      expect(liked.status).toBe(200);
      expect(await liked.json()).toMatchObject({ ok: true, liked: true, like_count: 1 });
    }
    const unliked = await request(path, { token: fan.token, form: { reviewId: String(id), value: "false" } });
    expect(await unliked.json()).toMatchObject({ ok: true, liked: false, like_count: 0 });
    expect((await listStallReviews(db, stall.shopUniqueId, fan.id))?.items[0]?.like_count).toBe(0);
  });

  it("the stall page names each like button after the review's author, pressed for the reader's own like only", async () => {
    const stall = await createStall(env, { status: "approved" });
    const [author, fan] = [await member(), await member()];
    const id = await reviewBy(author.id, stall.shopUniqueId, "Best chaat");
    await setReviewLike(db, env.KV, fan.id, id, true);
    const html = (await (await request(`/stall/${stall.shopUniqueId}`, { token: fan.token })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(html).toMatch(
      new RegExp(`aria-pressed="true" aria-label="Like review by ${author.name}, 1 like"`),
    );
    const visitorHtml = (await (await request(`/stall/${stall.shopUniqueId}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(visitorHtml).toMatch(
      new RegExp(`aria-pressed="false" aria-label="Like review by ${author.name}, 1 like"`),
    );
    const authorHtml = (
      await (await request(`/stall/${stall.shopUniqueId}`, { token: author.token })).text()
    ).replace(/<!-- -->/g, "");
    expect(authorHtml).not.toContain(`Like review by ${author.name}`);
    expect(authorHtml).toContain("Your review: 1 like");
  });
});

describe("a person's trails", () => {
  it("lists the author's public trails to others, private ones to the author alone, newest first by keyset", async () => {
    const stalls = [
      await createStall(env, { status: "approved" }),
      await createStall(env, { status: "approved" }),
    ];
    const [asha, reader] = [await member(), await member()];
    const older = await createFoodTrail(env, stalls, { authorId: asha.id, title: "Old Delhi walk" });
    const secret = await createFoodTrail(env, stalls, {
      authorId: asha.id,
      title: "Secret momo run",
      visibility: "private",
    });
    const newer = await createFoodTrail(env, stalls, { authorId: asha.id, title: "Chandni Chowk crawl" });
    await createFoodTrail(env, stalls, { authorId: reader.id, title: "Not Asha's" });
    const now = new Date();

    const seen = await listTrailsBy(db, reader.id, asha.id, {}, now);
    expect(seen.data.map((t) => t.id).sort()).toEqual([older, newer].sort());
    expect(seen.data.every((t) => t.visibility === "public")).toBe(true);
    expect((await listTrailsBy(db, null, asha.id, {}, now)).data).toHaveLength(2);
    const own = await listTrailsBy(db, asha.id, asha.id, {}, now);
    expect(own.data.map((t) => t.id)).toContain(secret);
    expect(own.data).toHaveLength(3);

    const first = await listTrailsBy(db, reader.id, asha.id, { limit: 1 }, now);
    expect(first.next_cursor).not.toBeNull();
    const second = await listTrailsBy(
      db,
      reader.id,
      asha.id,
      { limit: 1, cursor: first.next_cursor ?? "" },
      now,
    );
    expect(second.next_cursor).toBeNull();
    expect([...first.data, ...second.data].map((t) => t.id)).toEqual(seen.data.map((t) => t.id));
    await expect(listTrailsBy(db, reader.id, asha.id, { cursor: "nonsense" }, now)).rejects.toMatchObject({
      status: 400,
    });

    const tab = (
      await (await request(`/u/${asha.username}?tab=trails`, { token: reader.token })).text()
    ).replace(/<!-- -->/g, "");
    expect(tab).toContain("Old Delhi walk");
    expect(tab).toContain("Chandni Chowk crawl");
    expect(tab).not.toContain("Secret momo run");
    expect(tab).not.toContain("Not Asha&#x27;s");
    expect(tab).toMatch(/aria-current="page"[^>]*>Trails</);
    const ownTab = await (await request(`/u/${asha.username}?tab=trails`, { token: asha.token })).text();
    expect(ownTab).toContain("Secret momo run");
    // What the page draws, without its catalogue (JSON in its HTML, holding every message's text): the reader's one
    // trail shows on their tab; someone with none gets the empty state, naming them.
    const drawn = (html: string) => drawnHtml(html).replace(/<!-- -->/g, "");
    const readers = drawn(
      await (await request(`/u/${reader.username}?tab=trails`, { token: asha.token })).text(),
    );
    expect(readers).toContain("Not Asha&#x27;s");
    expect(readers).not.toContain("has not shared a trail yet.");
    const newcomer = await member();
    const empty = drawn(
      await (await request(`/u/${newcomer.username}?tab=trails`, { token: asha.token })).text(),
    );
    expect(empty).toContain(`${newcomer.name} has not shared a trail yet.`);
  });
});

describe("achievements", () => {
  it("are shown in the page's language", async () => {
    const asha = await member();
    const ctx = createExecutionContext();
    const answer = await worker.fetch(
      new Request(`${ORIGIN}/u/${asha.username}`, { headers: { Cookie: "nukkad-lang=hi" } }),
      { ...env, ASSETS: assets },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const html = await answer.text();
    expect(html).toContain("खोजी");
    expect(html).toContain("भरोसेमंद फ़ूडी");
    expect(html).toContain('title="अपना ईमेल पता पक्का किया"');
    expect(html).not.toMatch(/>\s*Explorer</);
  });
});
