import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import type { PostView } from "~/lib/schemas/community";
import type { NotificationPage, NotificationSettings, NotificationView } from "~/lib/schemas/notifications";
import {
  GROUP_WINDOW_MS,
  type Notice,
  notice,
  UNREAD_COUNT_CAP,
} from "~/models/notification/notification.server";
import { seededRandom } from "../../scripts/seed-data";
import { createSignedInUser } from "../factories";

// The inbox (issue 20) through /api/notifications against real D1 and KV: tabs, grouping and its 48-hour window,
// keyset pages, reading one or all, the bell's count kept in KV equal to D1, per-type switches, bad input, and
// subjects or people that are gone.

const db = getDb(env.DB);
type Member = Awaited<ReturnType<typeof createSignedInUser>> & { username: string; name: string };

let serial = 0;
/** A signed-in user with a (lower-case) username, as the profile form would leave them. */
async function member(name = "member"): Promise<Member> {
  // Established, as most members are: several new accounts sharing one text within an hour is held as spam (ADR 051).
  const user = await createSignedInUser(env, { established: true });
  serial += 1;
  const username = `${name}_${serial}`;
  const fullName = `${name[0]?.toUpperCase()}${name.slice(1)} ${serial}`;
  await env.DB.prepare("UPDATE profiles SET username = ?, full_name = ? WHERE user_id = ?")
    .bind(username, fullName, user.id)
    .run();
  return { ...user, username, name: fullName };
}

function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    },
    env,
  );
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const inbox = async (who: Member, query = "") =>
  json<NotificationPage>(await call("GET", `/notifications${query}`, { token: who.token }), 200);
const unread = async (who: Member) =>
  (await json<{ count: number }>(await call("GET", "/notifications/unread-count", { token: who.token }), 200))
    .count;

const share = async (who: Member, text = "Go before 7 for fresh jalebi") =>
  (await json<PostView>(await call("POST", "/posts", { token: who.token, body: { type: "tip", text } }), 201))
    .id;
const like = (who: Member, postId: string, liked = true) =>
  call("PUT", `/posts/${postId}/like`, { token: who.token, body: { liked } });
const follow = (who: Member, whom: Member, following = true) =>
  call("PUT", `/users/${whom.username}/follow`, { token: who.token, body: { following } });
const comment = (who: Member, postId: string, text = "Agreed, the chutney is the best part") =>
  call("POST", `/posts/${postId}/comments`, { token: who.token, body: { text } });

async function ok(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

/** The unread items (group heads) of a person counted in D1, as the bell would show them. */
async function unreadInD1(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND is_head = 1 AND read_at IS NULL",
  )
    .bind(userId)
    .first<{ n: number }>();
  return Math.min(row?.n ?? 0, UNREAD_COUNT_CAP);
}

/** A notice written straight into D1 at a chosen time, as the event's batch would write it. */
async function write(n: Notice, now: number) {
  const statements = notice(db, n, now);
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

const likeNotice = (to: Member, by: Member, subject: string): Notice => ({
  userId: to.id,
  actorId: by.id,
  type: "like",
  title: `${by.name} liked your post`,
  link: `/feed?post=${subject}`,
  subject: `post:${subject}`,
});

describe("visitors", () => {
  it("get 401 from every endpoint", async () => {
    const requests: [string, string, unknown?][] = [
      ["GET", "/notifications"],
      ["GET", "/notifications?tab=unread"],
      ["GET", "/notifications/unread-count"],
      ["POST", "/notifications/1/read"],
      ["POST", "/notifications/read-all"],
      ["GET", "/notifications/settings"],
      ["PUT", "/notifications/settings", { in_app: { like: false } }],
    ];
    for (const [method, path, body] of requests)
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
  });
});

describe("tabs", () => {
  it("All lists every item, Unread the unread ones, Mentions likes, comments and mentions only", async () => {
    const [owner, fan] = await Promise.all([member("owner"), member("fan")]);
    const postId = await share(owner);
    await ok(like(fan, postId));
    await ok(follow(fan, owner));
    await ok(comment(fan, postId));
    await share(fan, `Try the kulfi here, @${owner.username}`);
    await write(
      {
        userId: owner.id,
        actorId: null,
        type: "stall_update",
        title: 'Your stall "Raju Chaat" is live',
        link: "/stall/raju",
        subject: "stall:999999",
      },
      Date.now(),
    );

    const all = await inbox(owner);
    expect(all.data.map((item) => item.type)).toEqual([
      "stall_update",
      "mention",
      "comment",
      "follow",
      "like",
    ]);
    expect(all.next_cursor).toBeNull();
    const mentions = await inbox(owner, "?tab=mentions");
    expect(mentions.data.map((item) => item.type)).toEqual(["mention", "comment", "like"]);

    const followItem = all.data.find((item) => item.type === "follow") as NotificationView;
    await json(await call("POST", `/notifications/${followItem.id}/read`, { token: owner.token }), 200);
    const unreadTab = await inbox(owner, "?tab=unread");
    expect(unreadTab.data.map((item) => item.type)).toEqual(["stall_update", "mention", "comment", "like"]);
    expect(unreadTab.data.every((item) => !item.read)).toBe(true);
    expect(await unread(owner)).toBe(4);
    // The fan was told nothing about their own actions.
    expect((await inbox(fan)).data).toEqual([]);
  });
});

describe("grouping", () => {
  it("shows five likes of one post as one item named after the newest liker", async () => {
    const owner = await member("owner");
    const likers = await Promise.all(Array.from({ length: 5 }, () => member("liker")));
    const postId = await share(owner);
    for (const liker of likers) await ok(like(liker, postId));
    const page = await inbox(owner);
    expect(page.data).toHaveLength(1);
    const newest = likers[4] as Member;
    expect(page.data[0]).toMatchObject({
      type: "like",
      text: `${newest.name} and 4 others liked your post`,
      actor: { id: newest.id, username: newest.username, name: newest.name },
      others: 4,
      read: false,
      href: `/feed?post=${postId}`,
      subject: { kind: "post", removed: false, preview: "Go before 7 for fresh jalebi" },
    });
    expect(await unread(owner)).toBe(1);
  });

  it("groups follows likewise, keeps two posts' likes apart and never groups comments or mentions", async () => {
    const owner = await member("owner");
    const [a, b, c] = await Promise.all([member("a"), member("b"), member("c")]);
    for (const person of [a, b, c]) await ok(follow(person, owner));
    const first = await share(owner, "Pani puri at the corner, six for 40");
    const second = await share(owner, "Cutting chai and bun maska on the steps");
    await ok(like(a, first));
    await ok(like(b, second));
    await ok(comment(a, first));
    await ok(comment(b, first));
    await share(a, `Meet me at the dosa cart @${owner.username}`);
    await share(b, `The momos here @${owner.username}`);

    const items = (await inbox(owner)).data;
    const byType = (type: string) => items.filter((item) => item.type === type);
    expect(byType("follow")).toHaveLength(1);
    expect(byType("follow")[0]).toMatchObject({
      text: `${c.name} and 2 others started following you`,
      actor: { id: c.id },
      others: 2,
    });
    expect(byType("like").map((item) => item.subject?.preview)).toEqual([
      "Cutting chai and bun maska on the steps",
      "Pani puri at the corner, six for 40",
    ]);
    expect(byType("like").every((item) => item.others === 0)).toBe(true);
    expect(byType("comment").map((item) => item.actor?.id)).toEqual([b.id, a.id]);
    expect(byType("mention").map((item) => item.actor?.id)).toEqual([b.id, a.id]);
    expect(await unread(owner)).toBe(items.length);
  });

  it("joins a group up to 47 h 59 min after its first like and starts a new one at 48 h", async () => {
    const owner = await member("owner");
    const [a, b, c, d] = await Promise.all([member("a"), member("b"), member("c"), member("d")]);
    const start = Date.UTC(2026, 10, 1, 9);
    await write(likeNotice(owner, a, "edge"), start);
    await write(likeNotice(owner, b, "edge"), start + GROUP_WINDOW_MS - 60_000);
    let items = (await inbox(owner)).data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: { id: b.id }, others: 1 });

    // 48 h after the group's first like (not its newest): a group never spans more than 48 hours.
    await write(likeNotice(owner, c, "edge"), start + GROUP_WINDOW_MS);
    await write(likeNotice(owner, d, "edge"), start + GROUP_WINDOW_MS + 60_000);
    items = (await inbox(owner)).data;
    expect(items.map((item) => [item.actor?.id, item.others])).toEqual([
      [d.id, 1],
      [b.id, 1],
    ]);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n, sum(is_head) AS heads FROM notifications WHERE user_id = ?",
    )
      .bind(owner.id)
      .first<{ n: number; heads: number }>();
    expect(rows).toEqual({ n: 4, heads: 2 });
  });

  it("adds nobody when the same person likes, unlikes and likes again", async () => {
    const owner = await member("owner");
    const fan = await member("fan");
    const postId = await share(owner);
    await ok(like(fan, postId));
    await ok(like(fan, postId, false));
    await ok(like(fan, postId));
    const items = (await inbox(owner)).data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: { id: fan.id }, others: 0, text: `${fan.name} liked your post` });
    const row = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?")
      .bind(owner.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
    expect(await unread(owner)).toBe(1);
  });

  it("makes a read group unread again, with its new count, when another like arrives", async () => {
    const owner = await member("owner");
    const [a, b] = await Promise.all([member("a"), member("b")]);
    const postId = await share(owner);
    await ok(like(a, postId));
    const [item] = (await inbox(owner)).data;
    await json(await call("POST", `/notifications/${item?.id}/read`, { token: owner.token }), 200);
    expect(await unread(owner)).toBe(0);
    expect((await inbox(owner)).data[0]).toMatchObject({ read: true, others: 0 });

    await ok(like(b, postId));
    const items = (await inbox(owner)).data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      read: false,
      others: 1,
      actor: { id: b.id },
      text: `${b.name} and 1 other liked your post`,
    });
    expect(await unread(owner)).toBe(1);
    expect((await inbox(owner, "?tab=unread")).data).toHaveLength(1);
  });
});

describe("keyset pages", () => {
  it("give 45 items in 3 pages without repeating or skipping one, even as new ones arrive", async () => {
    const owner = await member("owner");
    const writer = await member("writer");
    const base = Date.now() - 3_600_000;
    const commentNotice = (k: number): Notice => ({
      userId: owner.id,
      actorId: writer.id,
      type: "comment",
      title: `Comment ${k}`,
      link: `/feed?post=p${k}`,
      subject: `post:p${k}`,
    });
    // Ten of them share a millisecond, as a burst would: the id breaks the tie.
    for (let k = 0; k < 45; k++) await write(commentNotice(k), base + (k >= 10 && k < 20 ? 10 : k) * 1000);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const page: NotificationPage = await inbox(owner, query);
      expect(page.data.length).toBeLessThanOrEqual(20);
      seen.push(...page.data.map((item) => item.text));
      cursor = page.next_cursor;
      pages += 1;
      // A newer item arrives between pages: it belongs before the cursor and must not shift the next page.
      await write(commentNotice(100 + pages), Date.now());
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen.sort()).toEqual(Array.from({ length: 45 }, (_, k) => `Comment ${k}`).sort());
  });

  it("hand on a cursor after a full page, which may lead to an empty last page", async () => {
    const owner = await member("owner");
    const writer = await member("writer");
    for (let k = 0; k < 20; k++)
      await write(
        {
          userId: owner.id,
          actorId: writer.id,
          type: "comment",
          title: `Comment ${k}`,
          link: `/feed?post=q${k}`,
          subject: `post:q${k}`,
        },
        Date.now() - k * 1000,
      );
    const first = await inbox(owner);
    expect(first.data).toHaveLength(20);
    expect(first.next_cursor).not.toBeNull();
    expect(await inbox(owner, `?cursor=${encodeURIComponent(first.next_cursor ?? "")}`)).toEqual({
      data: [],
      next_cursor: null,
    });
  });
});

describe("reading", () => {
  it("marks one's own item read (200 with where it leads) and answers 404 for another person's", async () => {
    const [owner, other, fan] = await Promise.all([member("owner"), member("other"), member("fan")]);
    const postId = await share(owner);
    const otherPost = await share(other);
    await ok(like(fan, postId));
    await ok(like(fan, otherPost));
    const [mine] = (await inbox(owner)).data;
    const [theirs] = (await inbox(other)).data;
    expect(
      await json(await call("POST", `/notifications/${mine?.id}/read`, { token: owner.token }), 200),
    ).toEqual({ href: `/feed?post=${postId}` });
    expect(
      await json(await call("POST", `/notifications/${theirs?.id}/read`, { token: owner.token }), 404),
    ).toEqual({ error: "Notification not found" });
    expect((await call("POST", "/notifications/999999999/read", { token: owner.token })).status).toBe(404);
    const row = await env.DB.prepare("SELECT read_at FROM notifications WHERE id = ?")
      .bind(theirs?.id)
      .first<{ read_at: number | null }>();
    expect(row?.read_at).toBeNull();
    expect(await unread(other)).toBe(1);
    expect(await unread(owner)).toBe(0);
  });

  it("read-all touches only the caller's rows", async () => {
    const [owner, other] = await Promise.all([member("owner"), member("other")]);
    const fans = await Promise.all([member("fan"), member("fan")]);
    for (const fan of fans) {
      await ok(follow(fan, owner));
      await ok(follow(fan, other));
      await ok(comment(fan, await share(owner)));
    }
    expect(await unread(owner)).toBe(3);
    expect(await json(await call("POST", "/notifications/read-all", { token: owner.token }), 200)).toEqual({
      count: 0,
    });
    expect(await unread(owner)).toBe(0);
    expect(await unreadInD1(owner.id)).toBe(0);
    expect((await inbox(owner, "?tab=unread")).data).toEqual([]);
    expect(await unreadInD1(other.id)).toBe(1);
    expect(await unread(other)).toBe(1);
    const others = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NOT NULL",
    )
      .bind(other.id)
      .first<{ n: number }>();
    expect(others?.n).toBe(0);
  });
});

describe("the unread count", () => {
  it("stays equal to D1, in KV and from the API, through 50 random operations", async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => member("crowd")));
    const postsOf = new Map<string, string[]>();
    for (const person of people)
      postsOf.set(person.id, [await share(person, "Idli at 6"), await share(person, "Vada at 7")]);
    // Seeded: the same 50 operations on every run.
    const random = seededRandom(20_2026);
    const ops = ["like", "unlike", "follow", "unfollow", "comment", "read_one", "read_all"] as const;
    const done: string[] = [];
    for (let step = 0; step < 50; step++) {
      const op = random.pick(ops);
      const actor = random.pick(people);
      const target = random.pick(people.filter((p) => p !== actor));
      const postId = random.pick(postsOf.get(target.id) ?? []);
      if (op === "like" || op === "unlike") await ok(like(actor, postId, op === "like"));
      if (op === "follow" || op === "unfollow") await ok(follow(actor, target, op === "follow"));
      if (op === "comment") await ok(comment(actor, postId, `Step ${step}`));
      if (op === "read_one") {
        const item = random.pick((await inbox(actor, "?tab=unread")).data);
        if (item)
          await json(await call("POST", `/notifications/${item.id}/read`, { token: actor.token }), 200);
      }
      if (op === "read_all")
        await json(await call("POST", "/notifications/read-all", { token: actor.token }), 200);
      done.push(op);
      for (const person of people) {
        const expected = await unreadInD1(person.id);
        const stored = await env.KV.get(`notifications:unread:${person.id}`);
        // Nobody told anything yet has no stored count: the API counts and stores it on first read.
        if (stored !== null) expect(Number(stored), `step ${step} (${op}) KV`).toBe(expected);
        expect(await unread(person), `step ${step} (${op}) API`).toBe(expected);
        expect(await env.KV.get(`notifications:unread:${person.id}`)).toBe(String(expected));
      }
    }
    // The run exercised every kind of operation.
    expect(new Set(done)).toEqual(new Set(ops));
  });

  it("is counted again in D1 and stored when KV has none", async () => {
    const owner = await member("owner");
    const fans = await Promise.all([member("fan"), member("fan")]);
    for (const fan of fans) await ok(comment(fan, await share(owner)));
    await env.KV.delete(`notifications:unread:${owner.id}`);
    expect(await unread(owner)).toBe(2);
    expect(await env.KV.get(`notifications:unread:${owner.id}`)).toBe("2");
    // A value that is not a count is not trusted either.
    await env.KV.put(`notifications:unread:${owner.id}`, "garbage");
    expect(await unread(owner)).toBe(2);
  });
});

describe("settings", () => {
  it("round-trips the switches, and a switched-off type writes nothing until switched on again", async () => {
    const owner = await member("owner");
    const [first, second] = await Promise.all([member("first"), member("second")]);
    const settings = await json<NotificationSettings>(
      await call("GET", "/notifications/settings", { token: owner.token }),
      200,
    );
    expect(settings).toEqual({
      in_app: {
        like: true,
        comment: true,
        mention: true,
        follow: true,
        achievement: true,
        stall_update: true,
        trending: true,
      },
      email: { stall_update: true },
    });
    const saved = await json<NotificationSettings>(
      await call("PUT", "/notifications/settings", {
        token: owner.token,
        body: { in_app: { follow: false }, email: { stall_update: false } },
      }),
      200,
    );
    expect(saved).toEqual({
      in_app: { ...settings.in_app, follow: false },
      email: { stall_update: false },
    });
    expect(await json(await call("GET", "/notifications/settings", { token: owner.token }), 200)).toEqual(
      saved,
    );

    await ok(follow(first, owner));
    const rows = () =>
      env.DB.prepare("SELECT actor_id FROM notifications WHERE user_id = ? AND type = 'follow'")
        .bind(owner.id)
        .all<{ actor_id: string }>();
    expect((await rows()).results).toEqual([]);
    expect(await unread(owner)).toBe(0);

    // Switching one type on leaves the others as they were.
    const back = await json<NotificationSettings>(
      await call("PUT", "/notifications/settings", {
        token: owner.token,
        body: { in_app: { follow: true } },
      }),
      200,
    );
    expect(back).toEqual({ in_app: settings.in_app, email: { stall_update: false } });
    await ok(follow(second, owner));
    expect((await rows()).results).toEqual([{ actor_id: second.id }]);
    expect(await unread(owner)).toBe(1);
  });
});

describe("bad input", () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await member("owner");
  });
  const field = async (response: Response) => (await json<{ field?: string }>(response, 400)).field;

  it("refuses an unknown tab, a cursor that is not one and an oversize cursor", async () => {
    expect(await field(await call("GET", "/notifications?tab=foo", { token: owner.token }))).toBe("tab");
    for (const cursor of ["garbage", "eyJ4IjoxfQ", encodeURIComponent(btoa(JSON.stringify(["a", "b"])))])
      expect(
        await field(await call("GET", `/notifications?cursor=${cursor}`, { token: owner.token })),
        cursor,
      ).toBe("cursor");
    expect(
      await field(await call("GET", `/notifications?cursor=${"x".repeat(201)}`, { token: owner.token })),
    ).toBe("cursor");
  });

  it("refuses an id that is not a positive whole number", async () => {
    for (const id of ["abc", "-1", "1e30", "0", "1.5"])
      expect(await field(await call("POST", `/notifications/${id}/read`, { token: owner.token })), id).toBe(
        "id",
      );
  });

  it("refuses settings with an unknown type or channel, or a switch that is not true or false", async () => {
    const bodies: unknown[] = [
      { in_app: { poke: false } },
      { in_app: { like: "no" } },
      { in_app: { like: 0 } },
      { email: { like: false } },
      { sms: { like: false } },
      [],
      "not json",
    ];
    for (const body of bodies)
      expect(
        (await call("PUT", "/notifications/settings", { token: owner.token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    const untouched = await json<NotificationSettings>(
      await call("GET", "/notifications/settings", { token: owner.token }),
      200,
    );
    expect(Object.values(untouched.in_app).every(Boolean)).toBe(true);
  });
});

describe("subjects and people that are gone", () => {
  it("shows a liked post its author deleted as removed, with no link", async () => {
    const [owner, fan] = await Promise.all([member("owner"), member("fan")]);
    const postId = await share(owner);
    await ok(like(fan, postId));
    expect((await call("DELETE", `/posts/${postId}`, { token: owner.token })).status).toBe(204);
    const [item] = (await inbox(owner)).data;
    expect(item).toMatchObject({
      type: "like",
      href: null,
      subject: { kind: "post", removed: true, preview: "This post was removed" },
    });
    // Reading it leads nowhere either.
    expect(
      await json(await call("POST", `/notifications/${item?.id}/read`, { token: owner.token }), 200),
    ).toEqual({ href: null });
  });

  it("names a deleted account 'Deleted user', with no profile to link to", async () => {
    const [owner, leaver] = await Promise.all([member("owner"), member("leaver")]);
    const postId = await share(owner);
    await ok(like(leaver, postId));
    await ok(follow(leaver, owner));
    const deleted = await call("DELETE", "/profile", {
      token: leaver.token,
      body: { confirm: leaver.username },
    });
    expect(deleted.status).toBe(200);
    const items = (await inbox(owner)).data;
    expect(items.map((item) => item.type)).toEqual(["follow", "like"]);
    for (const item of items)
      expect(item.actor).toEqual({ id: leaver.id, username: null, name: "Deleted user", avatar_url: null });
    const [followed, liked] = items as [NotificationView, NotificationView];
    // Nothing names them any more, not even the text written when they acted (ADR 021).
    expect(items.map((item) => item.text)).toEqual([
      "Deleted user started following you",
      "Deleted user liked your post",
    ]);
    expect(JSON.stringify(items)).not.toContain(leaver.name);
    // Their old profile address answers 404 now: the item leads nowhere rather than to a broken link.
    expect(followed).toMatchObject({
      href: null,
      subject: { kind: "user", removed: true, preview: "This account was deleted" },
      following_back: false,
    });
    expect(liked.href).toBe(`/feed?post=${postId}`);
  });

  it("says whether the reader follows a new follower back", async () => {
    const [owner, fan] = await Promise.all([member("owner"), member("fan")]);
    await ok(follow(fan, owner));
    expect((await inbox(owner)).data[0]).toMatchObject({ type: "follow", following_back: false });
    await ok(follow(owner, fan));
    expect((await inbox(owner)).data[0]).toMatchObject({
      type: "follow",
      following_back: true,
      href: `/u/${fan.username}`,
    });
    expect((await inbox(fan)).data[0]).toMatchObject({ type: "follow", actor: { id: owner.id } });
  });
});
