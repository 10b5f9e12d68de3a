import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import type { PersonPage, PublicProfileView } from "~/lib/schemas/community";
import { suggestPeople } from "~/models/follow.server";
import { createSignedInUser, createStall } from "../factories";

// Follows, people lists and public profiles through /api/users against real D1: idempotent follows, real counts,
// one notification per follow, keyset pages, deleted accounts and profiles limited to followers.

const db = getDb(env.DB);
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>> & { username: string };

let serial = 0;
/** A signed-in user with a username (the factory's users have none until they complete their profile). */
async function member(name = "member"): Promise<SignedIn> {
  const user = await createSignedInUser(env);
  serial += 1;
  const username = `${name}_${serial}`;
  await env.DB.prepare("UPDATE profiles SET username = ? WHERE user_id = ?").bind(username, user.id).run();
  return { ...user, username };
}

function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api/users${path}`,
    {
      method,
      headers: {
        "Content-Type": "application/json",
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

const follow = (who: SignedIn, whom: string, body?: unknown) =>
  call("PUT", `/${whom}/follow`, { token: who.token, body });

async function count(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const followNotices = (userId: string) =>
  count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'follow'", userId);

describe("PUT /api/users/:username/follow", () => {
  let asha: SignedIn;
  let ravi: SignedIn;
  beforeAll(async () => {
    [asha, ravi] = await Promise.all([member("asha"), member("ravi")]);
  });

  it("follows once however often it is sent, and notifies the followee once", async () => {
    expect(await json(await follow(ravi, asha.username, { following: true }), 200)).toEqual({
      following: true,
      followers_count: 1,
    });
    expect(await json(await follow(ravi, asha.username, { following: true }), 200)).toEqual({
      following: true,
      followers_count: 1,
    });
    const notices = await env.DB.prepare(
      "SELECT type, actor_id, subject, link, title FROM notifications WHERE user_id = ?",
    )
      .bind(asha.id)
      .all();
    expect(notices.results).toEqual([
      {
        type: "follow",
        actor_id: ravi.id,
        subject: `user:${ravi.id}`,
        link: `/u/${ravi.username}`,
        title: expect.stringContaining("started following you"),
      },
    ]);
    // The follower is not told about their own action.
    expect(await followNotices(ravi.id)).toBe(0);
  });

  it("unfollows idempotently and never notifies for it", async () => {
    const before = await followNotices(asha.id);
    for (let i = 0; i < 2; i++)
      expect(await json(await follow(ravi, asha.username, { following: false }), 200)).toEqual({
        following: false,
        followers_count: 0,
      });
    expect(await followNotices(asha.id)).toBe(before);
    expect(await count("SELECT count(*) AS n FROM follows WHERE followee_id = ?", asha.id)).toBe(0);
  });

  it("flips with an empty body (or none), and the username is matched case-blind", async () => {
    const flipped = await json<{ following: boolean }>(
      await follow(ravi, asha.username.toUpperCase(), {}),
      200,
    );
    expect(flipped).toEqual({ following: true, followers_count: 1 });
    const back = await api.request(
      `/api/users/${asha.username}/follow`,
      { method: "PUT", headers: { Authorization: `Bearer ${ravi.token}` } },
      env,
    );
    expect(await json(back, 200)).toEqual({ following: false, followers_count: 0 });
  });

  it("counts 12 parallel follows of one pair as one follow and one notification", async () => {
    const target = await member("busy");
    const fan = await member("fan");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => follow(fan, target.username, { following: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(await count("SELECT count(*) AS n FROM follows WHERE followee_id = ?", target.id)).toBe(1);
    expect(await followNotices(target.id)).toBe(1);
  });

  it("refuses following yourself (400), unknown people (404), visitors (401) and bad input (400 naming it)", async () => {
    expect(await json(await follow(asha, asha.username, { following: true }), 400)).toEqual({
      error: "You cannot follow yourself",
    });
    expect(await json(await follow(asha, "nobody_here_at_all", { following: true }), 404)).toEqual({
      error: "User not found",
    });
    expect((await call("PUT", `/${asha.username}/follow`, { body: { following: true } })).status).toBe(401);
    const wrongType = await json<{ field: string }>(
      await follow(ravi, asha.username, { following: "yes" }),
      400,
    );
    expect(wrongType.field).toBe("following");
    const badName = await json<{ field: string }>(await follow(ravi, "not%20a%20name", {}), 400);
    expect(badName.field).toBe("username");
    const oversize = await json<{ field: string }>(await follow(ravi, "a".repeat(41), {}), 400);
    expect(oversize.field).toBe("username");
    expect((await follow(ravi, asha.username, "[]")).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM follows WHERE follower_id = ?", asha.id)).toBe(0);
  });
});

describe("GET /api/users/:username", () => {
  it("answers the profile with real figures, each matching its rows", async () => {
    const cook = await member("cook");
    const [fan1, fan2, idol] = await Promise.all([member("fan"), member("fan"), member("idol")]);
    await env.DB.prepare("UPDATE profiles SET bio = 'Chaat hunter', location = 'Jayanagar' WHERE user_id = ?")
      .bind(cook.id)
      .run();
    await follow(fan1, cook.username, { following: true });
    await follow(fan2, cook.username, { following: true });
    await follow(cook, idol.username, { following: true });
    const live = await createStall(env, { createdBy: cook.id });
    // The factory's stall is approved without a moderator, so its badge is recorded as the approval would.
    await env.DB.prepare("INSERT INTO user_achievements (user_id, achievement) VALUES (?, 'first_find')")
      .bind(cook.id)
      .run();
    await createStall(env, { createdBy: cook.id, status: "pending" });
    await createStall(env, { createdBy: cook.id, status: "rejected", statusReason: "Duplicate" });
    await env.DB.prepare(
      "INSERT INTO reviews (stall_id, user_id, rating, body) SELECT id, ?, 5, 'Crisp' FROM stalls WHERE shop_unique_id = ?",
    )
      .bind(cook.id, live.shopUniqueId)
      .run();
    await insertPost(cook.id, "p-visible-1");
    await insertPost(cook.id, "p-visible-2");
    await insertPost(cook.id, "p-hidden", { hidden: true });

    const seen = await json<PublicProfileView>(
      await call("GET", `/${cook.username}`, { token: fan1.token }),
      200,
    );
    expect(seen).toMatchObject({
      id: cook.id,
      username: cook.username,
      bio: "Chaat hunter",
      location: "Jayanagar",
      stats: { posts: 2, followers: 2, following: 1, stalls_added: 1, reviews: 1 },
      following: true,
      limited: false,
    });
    expect(seen.achievements.map((a) => a.name)).toEqual(["Explorer", "Trusted Foodie", "First Find"]);
    expect(new Date(seen.joined_at).getFullYear()).toBeGreaterThan(2000);
    const stranger = await member("stranger");
    expect(
      (await json<PublicProfileView>(await call("GET", `/${cook.username}`, { token: stranger.token }), 200))
        .following,
    ).toBe(false);
    expect((await json<PublicProfileView>(await call("GET", `/${cook.username}`), 200)).following).toBeNull();
    expect(
      (await json<PublicProfileView>(await call("GET", `/${cook.username}`, { token: cook.token }), 200))
        .following,
    ).toBeNull();
  });

  it("answers 404 for an unknown username and 400 for one that cannot be a username", async () => {
    expect(await json(await call("GET", "/no_such_person"), 404)).toEqual({ error: "User not found" });
    expect((await json<{ field: string }>(await call("GET", "/bad%3Cname%3E"), 400)).field).toBe("username");
  });

  it("limits a followers-only profile for visitors and non-followers, not for followers or the owner", async () => {
    const quiet = await member("quiet");
    const [friend, stranger] = await Promise.all([member("friend"), member("stranger")]);
    await env.DB.prepare(
      "UPDATE profiles SET profile_visibility = 'followers', bio = 'Only for friends', location = 'Indiranagar' WHERE user_id = ?",
    )
      .bind(quiet.id)
      .run();
    await follow(friend, quiet.username, { following: true });

    for (const token of [undefined, stranger.token]) {
      const limited = await json<PublicProfileView>(await call("GET", `/${quiet.username}`, { token }), 200);
      expect(limited).toMatchObject({ username: quiet.username, limited: true, bio: null, location: null });
      expect((await call("GET", `/${quiet.username}/followers`, { token })).status).toBe(403);
      expect((await call("GET", `/${quiet.username}/following`, { token })).status).toBe(403);
    }
    for (const token of [friend.token, quiet.token]) {
      const full = await json<PublicProfileView>(await call("GET", `/${quiet.username}`, { token }), 200);
      expect(full).toMatchObject({ limited: false, bio: "Only for friends", location: "Indiranagar" });
      const followers = await json<PersonPage>(
        await call("GET", `/${quiet.username}/followers`, { token }),
        200,
      );
      expect(followers.data.map((p) => p.id)).toEqual([friend.id]);
    }
  });
});

describe("followers and following lists", () => {
  it("page by keyset without repeating or skipping anyone, even with equal follow times", async () => {
    const star = await member("star");
    const fans = await Promise.all(Array.from({ length: 45 }, () => member("fan")));
    for (const fan of fans) await follow(fan, star.username, { following: true });
    // Ten follows at the same millisecond: the follower id breaks the tie.
    await env.DB.prepare(
      `UPDATE follows SET created_at = 1700000000000 WHERE followee_id = ? AND follower_id IN (${fans
        .slice(10, 20)
        .map(() => "?")
        .join(",")})`,
    )
      .bind(star.id, ...fans.slice(10, 20).map((fan) => fan.id))
      .run();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const page: PersonPage = await json<PersonPage>(
        await call("GET", `/${star.username}/followers${query}`),
        200,
      );
      expect(page.data.length).toBeLessThanOrEqual(20);
      seen.push(...page.data.map((person) => person.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    expect(seen.sort()).toEqual(fans.map((fan) => fan.id).sort());
  });

  it("never repeat or skip people across pages when follows arrive between pages (property)", async () => {
    const star = await member("prop");
    const pool = await Promise.all(Array.from({ length: 40 }, () => member("pool")));
    let used = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 25 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
        async (initial, arrivals) => {
          await env.DB.prepare("DELETE FROM follows WHERE followee_id = ?").bind(star.id).run();
          used = 0;
          const take = (n: number) => {
            const taken = pool.slice(used, used + n);
            used += n;
            return taken;
          };
          const before = take(initial);
          // Some follows share a millisecond, as a burst would.
          for (const [i, fan] of before.entries())
            await env.DB.prepare(
              "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
            )
              .bind(fan.id, star.id, 1_700_000_000_000 + Math.floor(i / 3))
              .run();
          const seen: string[] = [];
          let cursor: string | null = null;
          let round = 0;
          do {
            const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
            const page: PersonPage = await json<PersonPage>(
              await call("GET", `/${star.username}/followers${query}`),
              200,
            );
            seen.push(...page.data.map((p) => p.id));
            cursor = page.next_cursor;
            // Newer follows arrive between pages: they belong before the cursor and must not shift later pages.
            for (const fan of take(arrivals[round % arrivals.length] ?? 0))
              await follow(fan, star.username, { following: true });
            round += 1;
          } while (cursor);
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.sort()).toEqual(before.map((fan) => fan.id).sort());
        },
      ),
      { numRuns: 12 },
    );
  });

  it("say for the viewer whom they follow (null for themself and for visitors)", async () => {
    const hub = await member("hub");
    const [a, b, viewer] = await Promise.all([member("a"), member("b"), member("viewer")]);
    for (const person of [a, b, viewer]) await follow(hub, person.username, { following: true });
    await follow(viewer, a.username, { following: true });
    const page = await json<PersonPage>(
      await call("GET", `/${hub.username}/following`, { token: viewer.token }),
      200,
    );
    const byId = new Map(page.data.map((p) => [p.id, p.following]));
    expect(Object.fromEntries(byId)).toEqual({ [a.id]: true, [b.id]: false, [viewer.id]: null });
    const visitor = await json<PersonPage>(await call("GET", `/${hub.username}/following`), 200);
    expect(visitor.data.every((p) => p.following === null)).toBe(true);
    expect(visitor.data[0]).toEqual({
      id: viewer.id,
      username: viewer.username,
      name: expect.any(String),
      avatar_url: null,
      following: null,
    });
  });

  it("refuse a cursor that is not theirs (400 naming it) and an unknown person (404)", async () => {
    const someone = await member("someone");
    expect(
      (await json<{ field: string }>(await call("GET", `/${someone.username}/followers?cursor=zzz`), 400))
        .field,
    ).toBe("cursor");
    expect((await call("GET", `/${someone.username}/following?cursor=${"x".repeat(201)}`)).status).toBe(400);
    expect((await call("GET", "/nobody_at_all/followers")).status).toBe(404);
  });
});

describe("deleted accounts", () => {
  it("leave every list and count, and their profile answers 404", async () => {
    const host = await member("host");
    const [leaver, stayer] = await Promise.all([member("leaver"), member("stayer")]);
    await follow(leaver, host.username, { following: true });
    await follow(stayer, host.username, { following: true });
    await follow(host, leaver.username, { following: true });
    const deleted = await api.request(
      "/api/profile",
      {
        method: "DELETE",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${leaver.token}` },
        body: JSON.stringify({ confirm: leaver.username }),
      },
      env,
    );
    expect(deleted.status).toBe(200);

    const profile = await json<PublicProfileView>(await call("GET", `/${host.username}`), 200);
    expect(profile.stats).toMatchObject({ followers: 1, following: 0 });
    const followers = await json<PersonPage>(await call("GET", `/${host.username}/followers`), 200);
    expect(followers.data.map((p) => p.id)).toEqual([stayer.id]);
    expect((await json<PersonPage>(await call("GET", `/${host.username}/following`), 200)).data).toEqual([]);
    expect((await call("GET", `/${leaver.username}`)).status).toBe(404);
    expect((await follow(stayer, leaver.username, { following: true })).status).toBe(404);
  });
});

describe("suggestPeople", () => {
  it("suggests active posters the viewer does not follow, most followed first, never themself or deleted accounts", async () => {
    const me = await member("me");
    const [popular, quiet, followed, gone] = await Promise.all([
      member("popular"),
      member("quietposter"),
      member("followed"),
      member("gone"),
    ]);
    const fans = await Promise.all([member("f"), member("f"), member("f")]);
    for (const fan of fans) await follow(fan, popular.username, { following: true });
    await follow(fans[0] as SignedIn, quiet.username, { following: true });
    await follow(me, followed.username, { following: true });
    for (const person of [me, popular, quiet, followed, gone])
      await insertPost(person.id, `suggest-${person.username}`);
    await env.DB.prepare("UPDATE users SET deleted_at = 1 WHERE id = ?").bind(gone.id).run();

    const suggested = await suggestPeople(db, me.id, 10);
    const ids = suggested.map((p) => p.id);
    expect(ids.indexOf(popular.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(ids).toContain(quiet.id);
    for (const absent of [me.id, followed.id, gone.id]) expect(ids).not.toContain(absent);
    expect(suggested.find((p) => p.id === popular.id)).toEqual({
      id: popular.id,
      username: popular.username,
      name: expect.any(String),
      avatar_url: null,
    });
    expect(await suggestPeople(db, me.id, 1)).toHaveLength(1);
  });
});

async function insertPost(userId: string, publicId: string, options: { hidden?: boolean } = {}) {
  await env.DB.prepare(
    `INSERT INTO posts (public_id, user_id, type, body, hidden_at, hidden_reason) VALUES (?, ?, 'tip', 'Try the masala puri', ?, ?)`,
  )
    .bind(publicId, userId, options.hidden ? Date.now() : null, options.hidden ? "Spam" : null)
    .run();
}
