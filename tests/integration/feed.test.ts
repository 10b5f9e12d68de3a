import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import { completeProfileSchema } from "~/lib/auth/schemas";
import { EARTH_RADIUS_KM } from "~/lib/rules/geo";
import {
  FEED_PAGE_SIZE,
  type FeedTab,
  type PersonView,
  type PostPage,
  type PostView,
} from "~/lib/schemas/community";
import { listPostsBy, listSavedPosts, readFeed, syncPostAuthor } from "~/models/post/post.server";
import { updateProfile } from "~/models/profile.server";
import { hidePost } from "~/models/report/report.server";
import { createSignedInUser, createStall } from "../factories";
import { PLAIN_JPEG } from "../images";

// The feed's three tabs against real D1: keyset pages that never repeat or skip a post while posts arrive between
// pages, Following for the people followed only (its entries written with each post, follow, unfollow and deletion),
// Nearby within its radius.

const CENTER = { lat: 12.97, lng: 77.59 };
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
/** A point `km` north of the centre. */
const north = (km: number) => ({ latitude: CENTER.lat + km / KM_PER_DEGREE, longitude: CENTER.lng });

type User = Awaited<ReturnType<typeof createSignedInUser>>;
let viewer: User;
let followed: User[];
let stranger: User;
let nearStallId: number;
let nearStallPublicId: string;
let farStallId: number;
let serial = 0;

async function stallRowId(shopUniqueId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM stalls WHERE shop_unique_id = ?")
    .bind(shopUniqueId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

interface Seed {
  author: number;
  score: number;
  createdAt: number;
  hidden?: boolean;
  near?: boolean;
}

const authors = () => [...followed, stranger];

/** Posts written straight to D1 with their author's display fields and their followers' Following entries, as
 * sharing one writes them (the feed reads what is stored; the write path has its own tests below). */
async function insertPosts(seeds: Seed[]): Promise<string[]> {
  const ids = seeds.map(() => `feed-${++serial}`);
  if (seeds.length === 0) return ids;
  await env.DB.batch(
    seeds.flatMap((seed, index) => [
      env.DB.prepare(
        `INSERT INTO posts (public_id, user_id, author_name, author_username, author_avatar_url, type, body, stall_id, grid_cell, hot_score, created_at, hidden_at, hidden_reason)
         SELECT ?, profiles.user_id, profiles.full_name, profiles.username, profiles.avatar_url, 'tip', 'seeded', stalls.id, stalls.grid_cell, ?, ?, ?, ?
         FROM stalls JOIN profiles ON profiles.user_id = ? WHERE stalls.id = ?`,
      ).bind(
        ids[index],
        seed.score,
        seed.createdAt,
        seed.hidden ? 1 : null,
        seed.hidden ? "Spam" : null,
        authors()[seed.author]?.id,
        seed.near === false ? farStallId : nearStallId,
      ),
      env.DB.prepare(
        `INSERT INTO feed_entries (follower_id, created_at, post_id, author_id)
         SELECT follows.follower_id, posts.created_at, posts.id, posts.user_id
         FROM posts JOIN follows ON follows.followee_id = posts.user_id WHERE posts.public_id = ?`,
      ).bind(ids[index]),
    ]),
  );
  return ids;
}

beforeAll(async () => {
  viewer = await createSignedInUser(env);
  followed = [await createSignedInUser(env), await createSignedInUser(env)];
  stranger = await createSignedInUser(env);
  for (const person of followed) {
    await env.DB.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?)")
      .bind(viewer.id, person.id)
      .run();
  }
  nearStallPublicId = (await createStall(env, north(4.9))).shopUniqueId;
  nearStallId = await stallRowId(nearStallPublicId);
  farStallId = await stallRowId((await createStall(env, north(5.1))).shopUniqueId);
});

const query = (tab: FeedTab, cursor?: string) => ({
  tab,
  cursor,
  near: CENTER,
});

/** Whether a post belongs in the tab at all. */
const belongs = (tab: FeedTab, seed: Seed) =>
  !seed.hidden && (tab !== "following" || seed.author < 2) && (tab !== "nearby" || seed.near !== false);

const seedArbitrary = fc.record({
  author: fc.integer({ min: 0, max: 2 }),
  // Few distinct values, so ties on the sort value are common and only the row id breaks them.
  score: fc.integer({ min: 0, max: 4 }),
  createdAt: fc.integer({ min: 1_000, max: 1_006 }),
  hidden: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  near: fc.integer({ min: 0, max: 5 }).map((n) => n !== 0),
});

describe("keyset pages", () => {
  for (const tab of ["for_you", "following", "nearby"] as const) {
    it(`${tab}: never repeat or skip a post, in order, whatever arrives between pages`, {
      timeout: 120_000,
    }, async () => {
      const db = getDb(env.DB);
      await fc.assert(
        fc.asyncProperty(
          fc.array(seedArbitrary, { minLength: 10, maxLength: 70, size: "max" }),
          fc.array(fc.array(seedArbitrary, { maxLength: 4, size: "max" }), { minLength: 4, maxLength: 4 }),
          async (seeds, arrivals) => {
            await env.DB.prepare("DELETE FROM posts").run();
            const ids = await insertPosts(seeds);
            const expected = new Set(ids.filter((_, index) => belongs(tab, seeds[index] as Seed)));
            const seen: string[] = [];
            const keys: [number, number][] = [];
            let cursor: string | undefined;
            for (let page = 0; page < 10; page++) {
              const result = await readFeed(db, viewer, query(tab, cursor));
              expect(result.data.length).toBeLessThanOrEqual(FEED_PAGE_SIZE);
              for (const post of result.data) {
                seen.push(post.id);
                const row = await env.DB.prepare(
                  "SELECT id, hot_score, created_at FROM posts WHERE public_id = ?",
                )
                  .bind(post.id)
                  .first<{ id: number; hot_score: number; created_at: number }>();
                keys.push([tab === "for_you" ? (row?.hot_score ?? 0) : (row?.created_at ?? 0), row?.id ?? 0]);
              }
              if (result.next_cursor === null) break;
              cursor = result.next_cursor;
              await insertPosts(arrivals[page] ?? []);
            }
            expect(new Set(seen).size).toBe(seen.length);
            for (const id of expected) expect(seen).toContain(id);
            for (let i = 1; i < keys.length; i++) {
              const [a, b] = [keys[i - 1] as [number, number], keys[i] as [number, number]];
              expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])).toBe(true);
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  }
});

describe("following", () => {
  it("fills the page from quiet followed people past a flood of other posts", async () => {
    await env.DB.prepare("DELETE FROM posts").run();
    // A page and five more.
    const quiet = await insertPosts(
      Array.from({ length: FEED_PAGE_SIZE + 5 }, (_, i) => ({
        author: i % 2,
        score: 0,
        createdAt: 10_000 + i,
      })),
    );
    await insertPosts(
      Array.from({ length: 250 }, (_, i) => ({ author: 2, score: 0, createdAt: 20_000 + i })),
    );
    const db = getDb(env.DB);
    const first = await readFeed(db, viewer, { tab: "following" });
    expect(first.data.map((p) => p.id)).toEqual(quiet.slice(5).reverse());
    expect(first.data.every((p) => p.following_author === true)).toBe(true);
    const second = await readFeed(db, viewer, { tab: "following", cursor: first.next_cursor ?? "" });
    expect(second.data.map((p) => p.id)).toEqual(quiet.slice(0, 5).reverse());
    expect(second.next_cursor).toBeNull();
  });

  it("answers a visitor 401 and refuses another tab's cursor with 400", async () => {
    expect((await api.request("/api/feed?tab=following", {}, env)).status).toBe(401);
    await env.DB.prepare("DELETE FROM posts").run();
    await insertPosts(Array.from({ length: 25 }, (_, i) => ({ author: 0, score: i, createdAt: 1_000 + i })));
    const page = (await (await api.request("/api/feed", {}, env)).json()) as PostPage;
    expect(page.next_cursor).not.toBeNull();
    const answer = await api.request(
      `/api/feed?tab=following&cursor=${page.next_cursor}`,
      {
        headers: { Authorization: `Bearer ${viewer.token}` },
      },
      env,
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { field: string }).field).toBe("cursor");
  });
});

describe("nearby", () => {
  it("lists posts pinned to stalls within 5 km, with their distance, and asks for a position", async () => {
    await env.DB.prepare("DELETE FROM posts").run();
    const [inside, outside] = await insertPosts([
      { author: 2, score: 0, createdAt: 1_000, near: true },
      { author: 2, score: 0, createdAt: 1_001, near: false },
    ]);
    const answer = await api.request(`/api/feed?tab=nearby&near=${CENTER.lat},${CENTER.lng}`, {}, env);
    const page = (await answer.json()) as PostPage;
    expect(page.data.map((p) => p.id)).toEqual([inside]);
    expect(page.data[0]?.stall?.distance_km).toBe(4.9);
    expect(page.data.map((p) => p.id)).not.toContain(outside);

    const missing = await api.request("/api/feed?tab=nearby", {}, env);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { field: string }).field).toBe("near");
    expect((await api.request("/api/feed?tab=nearby&near=north", {}, env)).status).toBe(400);
    expect((await api.request("/api/feed?tab=sideways", {}, env)).status).toBe(400);
  });
});

describe("following, written ahead", () => {
  type Person = User & { username: string };
  let named = 0;
  async function person(): Promise<Person> {
    const user = await createSignedInUser(env);
    const username = `timeline_${++named}`;
    await env.DB.prepare("UPDATE profiles SET username = ? WHERE user_id = ?").bind(username, user.id).run();
    return { ...user, username };
  }
  const request = (method: string, path: string, token: string, body?: unknown) =>
    api.request(
      path,
      {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      env,
    );
  async function share(author: Person, text: string): Promise<string> {
    const answer = await request("POST", "/api/posts", author.token, { type: "tip", text });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as PostView).id;
  }
  const follow = async (fan: Person, cook: Person, following: boolean) =>
    expect(
      (await request("PUT", `/api/users/${cook.username}/follow`, fan.token, { following })).status,
    ).toBe(200);
  async function following(reader: Person): Promise<string[]> {
    const answer = await request("GET", "/api/feed?tab=following", reader.token);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as PostPage).data.map((post) => post.id);
  }
  const entries = async (where: string, ...params: unknown[]) =>
    (
      await env.DB.prepare(`SELECT count(*) AS n FROM feed_entries WHERE ${where}`)
        .bind(...params)
        .first<{ n: number }>()
    )?.n;

  it("shows a new post to every follower at once, and not to anyone else", async () => {
    const [cook, fan1, fan2, other] = [await person(), await person(), await person(), await person()];
    await follow(fan1, cook, true);
    await follow(fan2, cook, true);
    const post = await share(cook, "Fresh jalebi at the corner, 6 pm");
    expect(await following(fan1)).toEqual([post]);
    expect(await following(fan2)).toEqual([post]);
    expect(await following(other)).toEqual([]);
    expect(await following(cook)).toEqual([]);
  });

  it("shows the earlier posts of someone just followed, newest first, and takes them out on unfollow", async () => {
    const [cook, fan] = [await person(), await person()];
    const first = await share(cook, "Idli and podi, 7 am");
    const second = await share(cook, "Filter coffee in a davara");
    expect(await following(fan)).toEqual([]);
    await follow(fan, cook, true);
    expect(await following(fan)).toEqual([second, first]);
    // Following again changes nothing.
    await follow(fan, cook, true);
    expect(await following(fan)).toEqual([second, first]);
    await follow(fan, cook, false);
    expect(await following(fan)).toEqual([]);
    expect(await entries("follower_id = ?", fan.id)).toBe(0);
  });

  it("leaves a hidden post out and drops a deleted one", async () => {
    const [cook, fan, moderator] = [await person(), await person(), await person()];
    await follow(fan, cook, true);
    const kept = await share(cook, "Sugarcane juice with ginger");
    const hidden = await share(cook, "Buy followers here");
    const deleted = await share(cook, "Wrong stall, sorry");
    expect(await following(fan)).toEqual([deleted, hidden, kept]);
    await hidePost(getDb(env.DB), moderator.id, hidden, "Spam");
    expect((await request("DELETE", `/api/posts/${deleted}`, cook.token)).status).toBe(204);
    expect(await following(fan)).toEqual([kept]);
    // A hidden post keeps its entry (the read leaves it out); a deleted one takes its entry with it.
    expect(await entries("follower_id = ?", fan.id)).toBe(2);
  });

  it("leaves no entries of a deleted account, neither its Following nor its posts in others'", async () => {
    const [gone, fan, cook] = [await person(), await person(), await person()];
    await follow(fan, gone, true);
    await follow(gone, cook, true);
    await share(gone, "Last post before leaving");
    await share(cook, "Kulfi falooda tonight");
    expect(await entries("follower_id = ? OR author_id = ?", gone.id, gone.id)).toBe(2);
    const answer = await request("DELETE", "/api/profile", gone.token, { confirm: gone.username });
    expect(answer.status).toBeLessThan(300);
    expect(await entries("follower_id = ? OR author_id = ?", gone.id, gone.id)).toBe(0);
    expect(await following(fan)).toEqual([]);
  });
});

describe("the author on each post (ADR 025)", () => {
  const call = (method: string, path: string, token?: string, body?: BodyInit | Record<string, unknown>) =>
    api.request(
      path,
      {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined || body instanceof FormData ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      },
      env,
    );
  async function ok<T>(answer: Response, status = 200): Promise<T> {
    const text = await answer.text();
    expect(answer.status, text).toBe(status);
    return JSON.parse(text) as T;
  }
  const near = `near=${CENTER.lat},${CENTER.lng}`;

  /** The post's author as every read shows it: For You, Following (unless told it is gone from there), Nearby, the
   * post itself, the author's posts on their profile and the follower's saved posts. */
  async function shownAuthors(
    postId: string,
    fan: User,
    authorId: string,
    { inFollowing = true } = {},
  ): Promise<PersonView[]> {
    const db = getDb(env.DB);
    const pages = [
      await ok<PostPage>(await call("GET", "/api/feed?tab=for_you", fan.token)),
      await ok<PostPage>(await call("GET", "/api/feed?tab=following", fan.token)),
      await ok<PostPage>(await call("GET", `/api/feed?tab=nearby&${near}`)),
      { data: [await ok<PostView>(await call("GET", `/api/posts/${postId}`))] },
      await listPostsBy(db, fan, authorId),
      await listSavedPosts(db, fan.id),
    ];
    const shown = pages.flatMap((page) => page.data.filter((post) => post.id === postId));
    expect(shown).toHaveLength(inFollowing ? 6 : 5);
    return shown.map((post) => post.author);
  }

  it("follows every change of name, username and picture, and the deletion of the account, everywhere", async () => {
    await env.DB.prepare("DELETE FROM posts").run();
    const db = getDb(env.DB);
    const cook = await createSignedInUser(env, { fullName: "Ramesh Kumar" });
    const fan = await createSignedInUser(env);
    await env.DB.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?)")
      .bind(fan.id, cook.id)
      .run();
    const { id: postId } = await ok<PostView>(
      await call("POST", "/api/posts", cook.token, {
        type: "tip",
        text: "Pani puri with hing pani, six for 40",
        stall_id: nearStallPublicId,
      }),
      201,
    );
    await ok(await call("PUT", `/api/posts/${postId}/save`, fan.token, { saved: true }));
    const expectEverywhere = async (author: Partial<PersonView>, options?: { inFollowing: boolean }) => {
      for (const shown of await shownAuthors(postId, fan, cook.id, options))
        expect(shown).toEqual({
          id: cook.id,
          name: "Ramesh Kumar",
          username: null,
          avatar_url: null,
          ...author,
        });
    };
    await expectEverywhere({});

    // Choosing a username on the complete-profile form.
    await updateProfile(
      db,
      env.KV,
      cook.id,
      completeProfileSchema.parse({ full_name: "Ramesh Kumar", username: "ramesh_chaat" }),
    );
    await expectEverywhere({ username: "ramesh_chaat" });

    // The profile form: a new name, then a picture by address; a bio alone leaves the post as it is.
    await ok(await call("PUT", "/api/profile", cook.token, { full_name: "Ramesh the Chaatwala" }));
    await expectEverywhere({ username: "ramesh_chaat", name: "Ramesh the Chaatwala" });
    await ok(
      await call("PUT", "/api/profile", cook.token, {
        full_name: "Ramesh the Chaatwala",
        avatar_url: "https://example.com/ramesh.jpg",
      }),
    );
    const named = { username: "ramesh_chaat", name: "Ramesh the Chaatwala" };
    await expectEverywhere({ ...named, avatar_url: "https://example.com/ramesh.jpg" });
    await ok(
      await call("PUT", "/api/profile", cook.token, {
        full_name: "Ramesh the Chaatwala",
        bio: "Chaat since 1998",
      }),
    );
    await expectEverywhere({ ...named, avatar_url: "https://example.com/ramesh.jpg" });
    const [unchanged] = await db.batch([syncPostAuthor(db, cook.id)]);
    expect(unchanged.meta.changes).toBe(0);

    // An uploaded picture, then none.
    const form = new FormData();
    form.append("image", new File([PLAIN_JPEG], "me.jpg", { type: "image/jpeg" }));
    const { avatar_url } = await ok<{ avatar_url: string }>(
      await call("POST", "/api/profile/avatar", cook.token, form),
      201,
    );
    await expectEverywhere({ ...named, avatar_url });
    await ok(await call("DELETE", "/api/profile/avatar", cook.token));
    await expectEverywhere(named);

    // Deleting the account: the post stays by 'Deleted user' and its old name is nowhere (ADR 021); it leaves the
    // Following of its followers.
    await ok(await call("DELETE", "/api/profile", cook.token, { confirm: "ramesh_chaat" }));
    await expectEverywhere({ name: "Deleted user" }, { inFollowing: false });
    const everything = JSON.stringify([
      await ok<PostPage>(await call("GET", "/api/feed?tab=for_you", fan.token)),
      await ok<PostPage>(await call("GET", `/api/feed?tab=nearby&${near}`)),
      await ok<PostView>(await call("GET", `/api/posts/${postId}`)),
      await listSavedPosts(db, fan.id),
    ]);
    expect(everything).not.toMatch(/Ramesh|ramesh/);
  });

  it("are filled by migration 0017 from each author's profile, a deleted account's as 'Deleted user'", async () => {
    await env.DB.prepare("DELETE FROM posts").run();
    const [kept, gone] = await insertPosts([
      { author: 0, score: 2, createdAt: 1_000 },
      { author: 1, score: 1, createdAt: 1_001 },
    ]);
    const profileOf = (id: string | undefined) =>
      env.DB.prepare("SELECT full_name, username, avatar_url FROM profiles WHERE user_id = ?")
        .bind(id)
        .first<{ full_name: string; username: string | null; avatar_url: string | null }>();
    await env.DB.prepare("UPDATE profiles SET username = 'backfill_cook', avatar_url = ? WHERE user_id = ?")
      .bind("https://example.com/cook.jpg", followed[0]?.id)
      .run();
    // As ADR 021's scrub leaves a deleted account's profile.
    await env.DB.prepare(
      "UPDATE profiles SET full_name = 'Deleted user', username = NULL, avatar_url = NULL WHERE user_id = ?",
    )
      .bind(followed[1]?.id)
      .run();
    // As the posts were when 0017 added the columns.
    await env.DB.prepare(
      "UPDATE posts SET author_name = '', author_username = NULL, author_avatar_url = NULL",
    ).run();

    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0017_post_authors.sql");
    const backfill = migration?.queries.filter((query) => /^UPDATE/m.test(query)) ?? [];
    expect(backfill).toHaveLength(1);
    for (const query of backfill) await env.DB.prepare(query).run();

    const page = await readFeed(getDb(env.DB), viewer, { tab: "following" });
    const cook = await profileOf(followed[0]?.id);
    expect(page.data.map((post) => [post.id, post.author])).toEqual([
      [gone, { id: followed[1]?.id, name: "Deleted user", username: null, avatar_url: null }],
      [
        kept,
        {
          id: followed[0]?.id,
          name: cook?.full_name,
          username: "backfill_cook",
          avatar_url: "https://example.com/cook.jpg",
        },
      ],
    ]);
  });
});
