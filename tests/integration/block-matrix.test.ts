import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { postSchema } from "~/lib/schemas/community";
import { suggestPeople } from "~/models/follow.server";
import { listTrailsBy } from "~/models/food-trail/food-trail.server";
import {
  addComment,
  createPost,
  listPostsBy,
  listSavedPosts,
  newestPosts,
  setPostLike,
} from "~/models/post/post.server";
import { setReelSave } from "~/models/reel/reel.server";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall, insertReel } from "../factories";

// Block and mute (issue 33 §1, ADR 048) against real D1. The matrix: every read path that shows someone's things
// (one row each) x a block in each direction x each of the two people reading; a cell fails when the other's item
// shows. Then the writes refused both ways, the follows a block ends, mute and muted words.

const db = getDb(env.DB);
const CENTER = { lat: 28.6139, lng: 77.209 };
const near = `near=${CENTER.lat},${CENTER.lng}`;

type Person = Awaited<ReturnType<typeof createSignedInUser>> & { username: string };
interface Things {
  post: string;
  reel: string;
  trail: string;
}

let serial = 0;
async function member(name: string): Promise<Person> {
  const user = await createSignedInUser(env, { fullName: `${name} Test` });
  serial += 1;
  const username = `${name}_${serial}`;
  await env.DB.prepare("UPDATE profiles SET username = ?, bio = ? WHERE user_id = ?")
    .bind(username, `${name} eats chaat`, user.id)
    .run();
  return { ...user, username };
}

const put = (who: Person, path: string, body: unknown) => call("PUT", path, who.token, body);
const follow = (who: Person, whom: Person) => put(who, `/users/${whom.username}/follow`, { following: true });
const block = (who: Person, whom: Person, blocked = true) =>
  put(who, `/users/${whom.username}/block`, { blocked });
const mute = (who: Person, whom: Person, muted = true) => put(who, `/users/${whom.username}/mute`, { muted });

async function share(who: Person, text: string, stallId: string | null = null): Promise<string> {
  const post = await createPost(db, env.KV, who, postSchema.parse({ type: "tip", text, stall_id: stallId }));
  return post.id;
}

/** Whose items a GET answers, read by `pick` from its JSON; nothing when it is refused. */
async function ownersOf<T>(path: string, who: Person, pick: (body: T) => (string | null | undefined)[]) {
  const response = await call("GET", path, who.token);
  if (response.status !== 200) return [];
  return pick((await response.json()) as T);
}
type Page = { data: { author: { id: string } }[] };
const authors = (body: Page) => body.data.map((item) => item.author.id);
const ids = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

/** The read paths: each answers the ids of the people whose things `viewer` sees there. */
const READ_PATHS: [string, (viewer: Person, world: World) => Promise<(string | null | undefined)[]>][] = [
  ["Home's From the community", async (v) => (await newestPosts(db, v.id, 4)).map((p) => p.author.id)],
  ["feed, For You", (v) => ownersOf("/feed?tab=for_you", v, authors)],
  ["feed, Following", (v) => ownersOf("/feed?tab=following", v, authors)],
  ["feed, Nearby", (v) => ownersOf(`/feed?tab=nearby&${near}`, v, authors)],
  [
    "a post's page",
    (v, w) => ownersOf(`/posts/${w.things(v, "other").post}`, v, (p: Page["data"][0]) => [p.author.id]),
  ],
  [
    "comments of a third person's post",
    (v, w) =>
      ownersOf(
        `/posts/${w.carolPost}/comments`,
        v,
        (body: { data: { author: { id: string }; replies: { author: { id: string } }[] }[] }) =>
          body.data.flatMap((c) => [c.author.id, ...c.replies.map((r) => r.author.id)]),
      ),
  ],
  ["reels, For You", (v) => ownersOf("/reels?tab=for_you", v, authors)],
  ["reels, Following", (v) => ownersOf("/reels?tab=following", v, authors)],
  ["reels, Nearby", (v) => ownersOf(`/reels?tab=nearby&${near}`, v, authors)],
  ["reels, Saved", (v) => ownersOf("/reels?tab=saved", v, authors)],
  [
    "a reel's page",
    (v, w) => ownersOf(`/reels/${w.things(v, "other").reel}`, v, (r: Page["data"][0]) => [r.author.id]),
  ],
  [
    "a profile's details",
    (v, w) => {
      const other = w.other(v);
      return ownersOf(`/users/${other.username}`, v, (p: { id: string; bio: string | null }) =>
        p.bio ? [p.id] : [],
      );
    },
  ],
  [
    "a profile's posts",
    async (v, w) => (await listPostsBy(db, v, w.other(v).id)).data.map((p) => p.author.id),
  ],
  [
    "a profile's trails",
    async (v, w) =>
      w.trailOwners((await listTrailsBy(db, v.id, w.other(v).id, {}, new Date())).data.map((t) => t.id)),
  ],
  ["saved posts", async (v) => (await listSavedPosts(db, v.id)).data.map((p) => p.author.id)],
  ["a third person's followers", (v, w) => ownersOf(`/users/${w.carol.username}/followers`, v, ids)],
  ["a third person's following", (v, w) => ownersOf(`/users/${w.carol.username}/following`, v, ids)],
  ["people to follow", async (v) => (await suggestPeople(db, v.id, 50)).map((p) => p.id)],
  [
    "notifications",
    (v) =>
      ownersOf("/notifications", v, (body: { data: { actor: { id: string } | null }[] }) =>
        body.data.map((n) => n.actor?.id),
      ),
  ],
  ["trails, Popular", async (v, w) => w.trailOwners(await ownersOf("/trails?list=popular", v, ids))],
  ["trails, Near", async (v, w) => w.trailOwners(await ownersOf(`/trails?${near}`, v, ids))],
  [
    "a trail's page",
    async (v, w) =>
      w.trailOwners(
        await ownersOf(`/trails/${w.things(v, "other").trail}`, v, (t: { id: string }) => [t.id]),
      ),
  ],
];

interface World {
  carol: Person;
  carolPost: string;
  other: (viewer: Person) => Person;
  things: (viewer: Person, whose: "other") => Things;
  trailOwners: (trailIds: (string | null | undefined)[]) => string[];
}

/** Two people who follow each other and a third, each with a post, a reel and a trail near CENTER, a comment on the
 * third's post, a like and a save of the other's post and a save of the other's reel. */
async function world(): Promise<World & { a: Person; b: Person }> {
  const [a, b, carol] = await Promise.all([member("asha"), member("bilal"), member("carol")]);
  const stall = await createStall(env, { latitude: CENTER.lat, longitude: CENTER.lng });
  // Her own words each world: the same text by a third new account within an hour is held (ADR 051).
  const carolPost = await share(carol, `${carol.username}'s chai corner`);
  const things = new Map<string, Things>();
  const trailOwner = new Map<string, string>();
  for (const person of [a, b]) {
    const post = await share(person, `${person.username} found crisp dosa`, stall.shopUniqueId);
    const reel = (await insertReel(env, person.id, { stallId: stall.shopUniqueId, hotScore: 5 })).id;
    const trail = await createFoodTrail(
      env,
      [stall, await createStall(env, { latitude: CENTER.lat, longitude: CENTER.lng })],
      {
        authorId: person.id,
      },
    );
    trailOwner.set(trail, person.id);
    things.set(person.id, { post, reel, trail });
    await addComment(db, env.KV, person, carolPost, { text: `${person.username} agrees` });
  }
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const whom of [q, carol]) await json(await follow(p, whom), 200);
    await json(await follow(carol, p), 200);
    const theirs = things.get(q.id) as Things;
    await setPostLike(db, env.KV, p.id, theirs.post, true);
    await json(await put(p, `/posts/${theirs.post}/save`, { saved: true }), 200);
    await setReelSave(db, p.id, theirs.reel, true);
  }
  const other = (viewer: Person) => (viewer.id === a.id ? b : a);
  return {
    a,
    b,
    carol,
    carolPost,
    other,
    things: (viewer) => things.get(other(viewer).id) as Things,
    trailOwners: (trailIds) => trailIds.flatMap((id) => trailOwner.get(id ?? "") ?? []),
  };
}

describe("before any block", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  // The matrix below can fail: without a block, every path shows the other's things (people to follow excepted: they
  // follow each other).
  it.each(READ_PATHS.filter(([name]) => name !== "people to follow"))(
    "%s shows the other's item",
    async (_, read) => {
      expect(await read(w.a, w)).toContain(w.b.id);
      expect(await read(w.b, w)).toContain(w.a.id);
    },
  );
});

describe.each(["the first blocks the second", "the second blocks the first"])("when %s", (direction) => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
    const [blocker, blocked] = direction.startsWith("the first") ? [w.a, w.b] : [w.b, w.a];
    expect(await json(await block(blocker, blocked), 200)).toEqual({ blocked: true });
  });

  describe.each(["first", "second"] as const)("the %s person reading", (reader) => {
    it.each(READ_PATHS)("%s leaves the other out", async (_, read) => {
      const viewer = reader === "first" ? w.a : w.b;
      expect(await read(viewer, w)).not.toContain(w.other(viewer).id);
    });
  });

  it("writes between them are refused as if the thing were not there, both ways", async () => {
    for (const viewer of [w.a, w.b]) {
      const theirs = w.things(viewer, "other");
      const other = w.other(viewer);
      expect((await put(viewer, `/users/${other.username}/follow`, { following: true })).status).toBe(404);
      expect((await put(viewer, `/posts/${theirs.post}/like`, { liked: true })).status).toBe(404);
      expect((await put(viewer, `/posts/${theirs.post}/save`, { saved: true })).status).toBe(404);
      expect((await put(viewer, `/reels/${theirs.reel}/like`, { liked: true })).status).toBe(404);
      expect((await put(viewer, `/reels/${theirs.reel}/save`, { saved: true })).status).toBe(404);
      expect((await put(viewer, `/trails/${theirs.trail}/save`, { saved: true })).status).toBe(404);
      await expect(addComment(db, env.KV, viewer, theirs.post, { text: "hello" })).rejects.toMatchObject({
        status: 404,
      });
      const [thread] = (
        await json<{ data: { id: number; author: { id: string } }[] }>(
          await call("GET", `/posts/${w.carolPost}/comments`, w.carol.token),
          200,
        )
      ).data.filter((comment) => comment.author.id === other.id);
      await expect(
        addComment(db, env.KV, viewer, w.carolPost, { text: "a reply", parent_id: thread?.id }),
      ).rejects.toMatchObject({ status: 400 });
      const before = await mentions(other.id);
      await share(viewer, `Hello @${other.username}, try this`);
      expect(await mentions(other.id)).toBe(before);
    }
  });

  it("ended the follows both ways, and the blocked person sees the blocker's profile as missing", async () => {
    const pairs = await env.DB.prepare(
      "SELECT count(*) AS n FROM follows WHERE (follower_id = ?1 AND followee_id = ?2) OR (follower_id = ?2 AND followee_id = ?1)",
    )
      .bind(w.a.id, w.b.id)
      .first<{ n: number }>();
    expect(pairs?.n).toBe(0);
    const [blocker, blocked] = direction.startsWith("the first") ? [w.a, w.b] : [w.b, w.a];
    const missing = await call("GET", `/users/${blocker.username}`, blocked.token);
    expect(await json(missing, 404)).toEqual({ error: "User not found" });
    expect(await json(await call("GET", `/users/${blocked.username}`, blocker.token), 200)).toMatchObject({
      blocked: true,
      bio: null,
    });
  });
});

const mentions = async (userId: string) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'mention'")
      .bind(userId)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("the block and mute API", () => {
  let asha: Person;
  let bilal: Person;
  beforeAll(async () => {
    [asha, bilal] = await Promise.all([member("asha"), member("bilal")]);
  });

  it("needs the state said, refuses oneself and unknown people, and lists who was chosen", async () => {
    expect((await call("PUT", `/users/${bilal.username}/block`, asha.token, {})).status).toBe(400);
    expect((await put(asha, `/users/${bilal.username}/block`, { blocked: true, extra: 1 })).status).toBe(400);
    expect((await put(asha, `/users/${asha.username}/block`, { blocked: true })).status).toBe(400);
    expect((await put(asha, "/users/nobody_here/mute", { muted: true })).status).toBe(404);
    expect((await call("PUT", `/users/${bilal.username}/mute`, undefined, { muted: true })).status).toBe(401);
    await json(await block(asha, bilal), 200);
    await json(await block(asha, bilal), 200);
    await json(await mute(asha, bilal), 200);
    const listed = { data: [expect.objectContaining({ id: bilal.id, username: bilal.username })] };
    expect(await json(await call("GET", "/profile/blocks", asha.token), 200)).toEqual(listed);
    expect(await json(await call("GET", "/profile/mutes", asha.token), 200)).toEqual(listed);
    expect(await json(await block(asha, bilal, false), 200)).toEqual({ blocked: false });
    expect(await json(await call("GET", "/profile/blocks", asha.token), 200)).toEqual({ data: [] });
  });

  it("keeps a short list of whole muted words", async () => {
    expect(
      await json(await put(asha, "/profile/muted-words", { words: ["Biryani", "चाय", "biryani"] }), 200),
    ).toEqual({
      words: ["biryani", "चाय"],
    });
    expect(await json(await call("GET", "/profile/muted-words", asha.token), 200)).toEqual({
      words: expect.arrayContaining(["biryani", "चाय"]),
    });
    expect((await put(asha, "/profile/muted-words", { words: ["masala chai"] })).status).toBe(400);
    const many = Array.from({ length: 21 }, (_, n) => `word${n}`);
    expect((await put(asha, "/profile/muted-words", { words: many })).status).toBe(400);
  });
});

describe("the bell", () => {
  const bell = async (who: Person) =>
    (await json<{ count: number }>(await call("GET", "/notifications/unread-count", who.token), 200)).count;

  it("stops counting the notices of someone blocked, either way, and counts them again once unblocked", async () => {
    const [asha, bilal] = await Promise.all([member("asha"), member("bilal")]);
    const [ashaPost, bilalPost] = [await share(asha, "Asha's vada pav"), await share(bilal, "Bilal's kebab")];
    await json(await follow(bilal, asha), 200);
    await setPostLike(db, env.KV, bilal.id, ashaPost, true);
    await setPostLike(db, env.KV, asha.id, bilalPost, true);
    expect([await bell(asha), await bell(bilal)]).toEqual([2, 1]);

    await json(await block(asha, bilal), 200);
    expect([await bell(asha), await bell(bilal)]).toEqual([0, 0]);
    await json(await block(asha, bilal, false), 200);
    expect([await bell(asha), await bell(bilal)]).toEqual([2, 1]);
  });

  it("stops counting a muted person's notices for the muter alone", async () => {
    const [me, loud] = await Promise.all([member("meera"), member("loud")]);
    await json(await follow(loud, me), 200);
    await json(await follow(me, loud), 200);
    await json(await mute(me, loud), 200);
    expect([await bell(me), await bell(loud)]).toEqual([0, 1]);
    await json(await mute(me, loud, false), 200);
    expect(await bell(me)).toBe(1);
  });
});

describe("mute", () => {
  it("takes the muted person's posts, comments, reels and notifications from my feeds; they can still follow me", async () => {
    const [me, loud, carol] = await Promise.all([member("meera"), member("loud"), member("carol")]);
    const stall = await createStall(env, { latitude: CENTER.lat, longitude: CENTER.lng });
    await json(await follow(me, loud), 200);
    const post = await share(loud, "Loud's samosa", stall.shopUniqueId);
    await insertReel(env, loud.id, { stallId: stall.shopUniqueId, hotScore: 5 });
    const carolPost = await share(carol, "Carol asks");
    await addComment(db, env.KV, loud, carolPost, { text: "Loud answers" });
    const mine = await share(me, "My pav bhaji");
    await setPostLike(db, env.KV, loud.id, mine, true);
    const readPaths = READ_PATHS.filter(([name]) =>
      [
        "Home's From the community",
        "feed, For You",
        "feed, Following",
        "feed, Nearby",
        "reels, For You",
        "reels, Following",
        "reels, Nearby",
        "notifications",
      ].includes(name),
    );
    const w = { carolPost } as World;
    const seen = async () =>
      Promise.all(readPaths.map(async ([, read]) => (await read(me, w)).includes(loud.id)));
    const comments = async () =>
      JSON.stringify(await json(await call("GET", `/posts/${carolPost}/comments`, me.token), 200));
    expect(await seen()).toEqual(readPaths.map(() => true));
    expect(await comments()).toContain("Loud answers");

    await json(await mute(me, loud), 200);
    expect(await seen()).toEqual(readPaths.map(() => false));
    expect(await comments()).not.toContain("Loud answers");
    // Not a block: their post is still there to open, and they can still follow me.
    expect((await call("GET", `/posts/${post}`, me.token)).status).toBe(200);
    expect(await json(await follow(loud, me), 200)).toMatchObject({ following: true });
  });

  it("muted words hide feed posts and comments holding them as whole words", async () => {
    const [me, other] = await Promise.all([member("meera"), member("vijay")]);
    const hidden = await share(other, "The BIRYANI here is a must");
    const kept = await share(other, "Biryanis are not a word I muted");
    const hindi = await share(other, "यहाँ की चाय कमाल है");
    await addComment(db, env.KV, other, kept, { text: "biryani again" });
    await addComment(db, env.KV, other, kept, { text: "only dosa" });
    await json(await put(me, "/profile/muted-words", { words: ["biryani", "चाय"] }), 200);
    const feed = await json<{ data: { id: string }[] }>(
      await call("GET", "/feed?tab=for_you", me.token),
      200,
    );
    const shown = feed.data.map((p) => p.id);
    expect(shown).toContain(kept);
    expect(shown).not.toContain(hidden);
    expect(shown).not.toContain(hindi);
    const thread = await json<{ data: { text: string }[] }>(
      await call("GET", `/posts/${kept}/comments`, me.token),
      200,
    );
    expect(thread.data.map((c) => c.text)).toEqual(["only dosa"]);
  });
});
