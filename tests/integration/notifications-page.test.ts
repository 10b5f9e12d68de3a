import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import type { PostView } from "~/lib/schemas/community";
import type { NotificationPage, NotificationSettings } from "~/lib/schemas/notifications";
import { type Notice, notice } from "~/models/notification/notification.server";
import { createSignedInUser } from "../factories";
import { sendToWorker as send } from "../worker-fetch";

// The /notifications page, the header's bell and Settings' notification switches (issue 20) through the whole Worker
// (build first): what a browser gets with and without a session, the page's own forms, and the settings action.

const db = getDb(env.DB);
type Member = Awaited<ReturnType<typeof createSignedInUser>> & { username: string; name: string };

let serial = 0;
async function member(name: string): Promise<Member> {
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

function call(method: string, path: string, token: string, body?: unknown) {
  return api.request(
    `/api${path}`,
    {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    env,
  );
}
async function ok(response: Response | Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return answer;
}
const share = async (who: Member, text: string) =>
  ((await (await ok(call("POST", "/posts", who.token, { type: "tip", text }))).json()) as PostView).id;
const like = (who: Member, postId: string) =>
  ok(call("PUT", `/posts/${postId}/like`, who.token, { liked: true }));
const follow = (who: Member, whom: Member) =>
  ok(call("PUT", `/users/${whom.username}/follow`, who.token, { following: true }));
const comment = (who: Member, postId: string, text: string) =>
  ok(call("POST", `/posts/${postId}/comments`, who.token, { text }));
const settingsOf = async (who: Member) =>
  (await (await ok(call("GET", "/notifications/settings", who.token))).json()) as NotificationSettings;
const inbox = async (who: Member, query = "") =>
  (await (await ok(call("GET", `/notifications${query}`, who.token))).json()) as NotificationPage;

const session = (who: Member) => `nukkad_session=${who.token}`;
/** A page as the browser gets it, React's text separators and apostrophes read as written. */
async function page(path: string, who?: Member) {
  const response = await send(path, { cookies: who ? [session(who)] : [] });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
}
/** A form post of the page, as a browser sends it (Remix compares its Origin with the Host). */
const post = (path: string, fields: Record<string, string>, who?: Member) =>
  send(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Host: "127.0.0.1" },
    cookies: who ? [session(who)] : [],
  });
const readAt = async (id: number) =>
  (
    await env.DB.prepare("SELECT read_at FROM notifications WHERE id = ?")
      .bind(id)
      .first<{ read_at: number }>()
  )?.read_at ?? null;

/** An owner told about a like, a follow and a comment by a fan. */
async function toldThrice() {
  const [owner, fan] = await Promise.all([member("owner"), member("fan")]);
  const postId = await share(owner, "Ram ji's kachori, crisp at 8 am");
  await like(fan, postId);
  await follow(fan, owner);
  await comment(fan, postId, "The aloo sabzi with it is the best part");
  return { owner, fan, postId };
}

describe("visitors", () => {
  it("are sent to sign in and back, from the page and its forms", async () => {
    for (const path of ["/notifications", "/notifications?tab=unread"]) {
      const answer = await send(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
    const posted = await post("/notifications", { intent: "read-all" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("see the bell with no count (it leads them to sign in), and their public pages stay cacheable at the edge", async () => {
    const first = await send("/");
    expect(first.headers.get("X-Edge-Cache")).toMatch(/MISS|HIT/);
    const html = await first.text();
    // ADR 032: every section is one click away, Notifications too; a visitor's bell has nothing unread to count.
    expect(html).toMatch(/<a aria-label="Notifications"[^>]*href="\/notifications"/);
    expect(html).not.toMatch(/aria-label="Notifications, \d|>\d+\+? unread notifications</);
    expect((await send("/")).headers.get("X-Edge-Cache")).toBe("HIT");
  });
});

describe("the page", () => {
  it("lists All, Unread and Mentions as link tabs, with the unread count on Unread", async () => {
    const { owner, fan } = await toldThrice();
    const all = await page("/notifications", owner);
    expect(all).toMatch(/<a [^>]*role="tab"[^>]*aria-selected="true"[^>]*href="\/notifications"[^>]*>All</);
    expect(all).toMatch(/href="\/notifications\?tab=unread"[^>]*>Unread <span[^>]*>3<\/span>/);
    for (const text of [
      `${fan.name} liked your post`,
      `${fan.name} started following you`,
      "The aloo sabzi with it is the best part",
      "Ram ji's kachori, crisp at 8 am",
      "Follow Back",
      "View Profile",
      "Mark all read",
    ])
      expect(all).toContain(text);
    expect(all).toContain(`href="/u/${fan.username}"`);
    expect(all.match(/<span class="sr-only">Unread<\/span>/g)).toHaveLength(3);

    const mentions = await page("/notifications?tab=mentions", owner);
    expect(mentions).toMatch(/aria-selected="true"[^>]*href="\/notifications\?tab=mentions"/);
    expect(mentions).toContain(`${fan.name} liked your post`);
    expect(mentions).not.toContain(`${fan.name} started following you`);

    // A tab the URL gets wrong opens All.
    expect(await page("/notifications?tab=bogus", owner)).toMatch(
      /aria-selected="true"[^>]*href="\/notifications"[^>]*>All</,
    );
    // Followed back (from anywhere), the follow item says so instead of offering it.
    await follow(owner, fan);
    const after = await page("/notifications", owner);
    expect(after).not.toContain("Follow Back");
    expect(after).toMatch(/>Following<\/button>/);
  });

  it("says so when a tab is empty, in the spec's words", async () => {
    const loner = await member("loner");
    expect(await page("/notifications", loner)).toContain("No notifications");
    expect(await page("/notifications?tab=unread", loner)).toContain("You're all caught up!");
    expect(await page("/notifications?tab=mentions", loner)).toContain("No mentions");
    expect(await page("/notifications", loner)).not.toContain("Mark all read");
  });

  it("reads the page after a cursor, and refuses a cursor it never gave out", async () => {
    const owner = await member("owner");
    const now = Date.now();
    for (let index = 0; index < 21; index += 1) {
      const statements = notice(
        db,
        {
          userId: owner.id,
          actorId: null,
          type: "stall_update",
          title: `Stall news number ${index}`,
          link: `/stall/s${index}`,
          subject: `stall:${900000 + index}`,
        } satisfies Notice,
        now - (21 - index) * 1000,
      );
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
    }
    const first = await page("/notifications", owner);
    expect(first).toContain("Stall news number 20");
    expect(first).not.toContain("Stall news number 0<");
    expect(first).toContain("Load more");
    const { next_cursor } = await inbox(owner);
    const second = await page(`/notifications?cursor=${encodeURIComponent(next_cursor ?? "")}`, owner);
    expect(second).toContain("Stall news number 0<");
    expect(second).not.toContain("Stall news number 20");
    for (const cursor of ["not-a-cursor", "x".repeat(201)])
      expect((await send(`/notifications?cursor=${cursor}`, { cookies: [session(owner)] })).status).toBe(400);
  });
});

describe("the header's bell", () => {
  it("shows the unread count on every page for someone signed in, '9+' above nine, none at zero", async () => {
    const { owner } = await toldThrice();
    const home = await send("/", { cookies: [session(owner)] });
    expect(home.headers.get("X-Edge-Cache")).toBe("BYPASS");
    const html = (await home.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<a [^>]*aria-label="Notifications, 3 unread"[^>]*href="\/notifications"/);
    expect(html).toContain("3 unread notifications");

    const busy = await member("busy");
    const fans = await Promise.all(Array.from({ length: 10 }, () => member("fan")));
    // Mentions are never grouped: ten people, ten items.
    for (const fan of fans) await share(fan, `Chole kulche near the metro, come along @${busy.username}`);
    expect(await page("/settings", busy)).toMatch(/aria-label="Notifications, 9\+ unread"/);

    const loner = await member("loner");
    const quiet = await page("/help", loner);
    expect(quiet).toMatch(/<a [^>]*aria-label="Notifications"[^>]*href="\/notifications"/);
    expect(quiet).not.toMatch(/>\d+\+? unread notifications</);
  });
});

describe("reading from the page", () => {
  it("marks an item read and goes where it leads, or back to the tab when its subject is gone", async () => {
    const { owner, fan, postId } = await toldThrice();
    const items = (await inbox(owner)).data;
    const liked = items.find((item) => item.type === "like");
    const followed = items.find((item) => item.type === "follow");
    if (!liked || !followed) throw new Error("the like and the follow were not written");

    const answer = await post("/notifications?tab=unread", { intent: "read", id: String(liked.id) }, owner);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/feed?post=${postId}`);
    expect(await readAt(liked.id)).not.toBeNull();
    expect(await page("/", owner)).toMatch(/aria-label="Notifications, 2 unread"/);

    const toProfile = await post("/notifications", { intent: "read", id: String(followed.id) }, owner);
    expect(toProfile.headers.get("Location")).toBe(`/u/${fan.username}`);

    // The post deleted: the item shows it as removed, and pressing it stays on the tab.
    await ok(call("DELETE", `/posts/${postId}`, owner.token));
    const commented = (await inbox(owner)).data.find((item) => item.type === "comment");
    if (!commented) throw new Error("the comment was not written");
    expect(await page("/notifications", owner)).toContain("This post was removed");
    const stays = await post(
      "/notifications?tab=unread",
      { intent: "read", id: String(commented.id) },
      owner,
    );
    expect(stays.headers.get("Location")).toBe("/notifications?tab=unread");
    expect(await readAt(commented.id)).not.toBeNull();
  });

  it("touches only the reader's own items, and refuses what is not an item", async () => {
    const { owner, fan } = await toldThrice();
    const [item] = (await inbox(owner)).data;
    if (!item) throw new Error("nothing was written");
    const stranger = await post("/notifications", { intent: "read", id: String(item.id) }, fan);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get("Location")).toBeNull();
    expect(await readAt(item.id)).toBeNull();

    const refused: Record<string, string>[] = [
      { intent: "read", id: "abc" },
      { intent: "read", id: "-4" },
      { intent: "read" },
      { intent: "delete", id: String(item.id) },
      {},
    ];
    for (const fields of refused)
      expect((await post("/notifications", fields, owner)).status, JSON.stringify(fields)).toBe(400);
    expect(await readAt(item.id)).toBeNull();
  });

  it("marks all read, back to the tab, and leaves other people's items unread", async () => {
    const { owner, fan } = await toldThrice();
    const fanPost = await share(fan, "Moong dal chilla by the park");
    await like(owner, fanPost);

    const answer = await post("/notifications?tab=unread", { intent: "read-all" }, owner);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/notifications?tab=unread");
    const unread = await page("/notifications?tab=unread", owner);
    expect(unread).toContain("You're all caught up!");
    expect(unread).toMatch(/<a [^>]*aria-label="Notifications"[^>]*href="\/notifications"/);
    expect(unread).not.toContain('<span class="sr-only">Unread</span>');
    expect((await inbox(fan, "?tab=unread")).data).toHaveLength(1);
  });
});

describe("Settings' notification switches", () => {
  const save = (fields: Record<string, string>, who?: Member) => post("/settings?index", fields, who);

  it("shows every switch on at first, saves one with a message, and the writer respects it", async () => {
    const [owner, fan] = await Promise.all([member("owner"), member("fan")]);
    const before = await page("/settings", owner);
    for (const label of [
      "Likes",
      "Comments",
      "Mentions",
      "New followers",
      "Achievements",
      "Stall updates",
      "Trending",
      "E-mail me about my stalls",
    ])
      expect(before).toMatch(new RegExp(`<span id="([^"]+)">${label}</span><button[^>]*role="switch"`));
    expect(before.match(/role="switch" aria-checked="true"/g)).toHaveLength(8);

    const answer = await save(
      { notification_channel: "in_app", notification_type: "like", on: "false" },
      owner,
    );
    // Without JavaScript the page comes back with the switch off; with it, a fetcher toasts the answer's message.
    expect(answer.status).toBe(200);
    const saved = await answer.text();
    expect(saved).toMatch(/id="notify-in_app-like">Likes<\/span><button[^>]*aria-checked="false"/);
    expect(saved).toContain("Notification settings saved");
    const emailOff = await save(
      { notification_channel: "email", notification_type: "stall_update", on: "false" },
      owner,
    );
    expect(emailOff.status).toBe(200);
    const settings = await settingsOf(owner);
    expect(settings).toMatchObject({
      in_app: { like: false, comment: true, follow: true },
      email: { stall_update: false },
    });
    const after = await page("/settings", owner);
    expect(after).toMatch(/id="notify-in_app-like">Likes<\/span><button[^>]*aria-checked="false"/);
    expect(after).toMatch(/id="notify-email-stall_update">[^<]+<\/span><button[^>]*aria-checked="false"/);

    const postId = await share(owner, "Sitaram's chole bhature, worth the queue");
    await like(fan, postId);
    await comment(fan, postId, "Worth it");
    expect((await inbox(owner)).data.map((item) => item.type)).toEqual(["comment"]);

    expect(
      (await save({ notification_channel: "in_app", notification_type: "like", on: "true" }, owner)).status,
    ).toBe(200);
    expect((await settingsOf(owner)).in_app.like).toBe(true);
  });

  it("refuses switches that do not exist and states that are not on or off, and sends visitors to sign in", async () => {
    const owner = await member("owner");
    const refused: Record<string, string>[] = [
      { notification_channel: "in_app", notification_type: "gossip", on: "false" },
      { notification_channel: "email", notification_type: "like", on: "false" },
      { notification_channel: "pigeon", notification_type: "like", on: "false" },
      { notification_channel: "__proto__", notification_type: "like", on: "false" },
      { notification_channel: "in_app", notification_type: "like", on: "maybe" },
      { notification_channel: "in_app", notification_type: "like" },
    ];
    for (const fields of refused)
      expect((await save(fields, owner)).status, JSON.stringify(fields)).toBe(400);
    expect((await settingsOf(owner)).in_app.like).toBe(true);
    const visitor = await save({ notification_channel: "in_app", notification_type: "like", on: "false" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});
