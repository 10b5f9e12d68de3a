import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "~/api";
import { getDb } from "~/db/client.server";
import {
  contactMessages,
  notifications,
  outbox,
  postComments,
  posts,
  profiles,
  reels,
  stalls,
  trails,
} from "~/db/schema";
import { SESSION_COOKIE } from "~/lib/auth/session-token";
import { endExpiredRestrictions } from "~/models/account-action/account-action.server";
import { createSession } from "~/models/session.server";
import { call, json } from "../api-call";
import { createFoodTrail, createSignedInUser, createStall, insertReel, TEST_PASSWORD } from "../factories";
import { sendToWorker } from "../worker-fetch";

// Moderators act on accounts (ADR 052) through POST /api/moderation/users/:username/actions, against real D1 and KV:
// who may, what a suspension revokes and hides, what a silence refuses, what lifting restores.

const db = getDb(env.DB);
type User = Awaited<ReturnType<typeof createSignedInUser>> & { username: string };

let seq = 0;
async function person(overrides: Parameters<typeof createSignedInUser>[1] = {}): Promise<User> {
  const user = await createSignedInUser(env, overrides);
  seq += 1;
  const username = `person_${seq}`;
  await db.update(profiles).set({ username }).where(eq(profiles.userId, user.id));
  return { ...user, username };
}

const act = (moderator: User, who: string, body: unknown) =>
  call("POST", `/moderation/users/${who}/actions`, moderator.token, body);

const DAY = 24 * 3_600_000;
const future = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function postAs(who: User, text: string) {
  return json<{ id: string }>(await call("POST", "/posts", who.token, { type: "tip", text }), 201);
}

let moderator: User;
beforeAll(async () => {
  moderator = await person({ role: "moderator" });
});

describe("who may act, and on what input", () => {
  it("refuses members (403), unknown people (404) and bad input (400)", async () => {
    const member = await person();
    const target = await person();
    expect((await act(member, target.username, { action: "warn", reason: "Be kind" })).status).toBe(403);
    expect((await call("POST", `/moderation/users/${target.username}/actions`, undefined, {})).status).toBe(
      401,
    );
    await json(await act(moderator, "nobody_here", { action: "warn", reason: "Be kind" }), 404);
    const noReason = await json<{ field: string }>(
      await act(moderator, target.username, { action: "warn" }),
      400,
    );
    expect(noReason.field).toBe("reason");
    const past = await json<{ field: string; error: string }>(
      await act(moderator, target.username, { action: "suspend", reason: "Spam", until: future(-1) }),
      400,
    );
    expect(past).toMatchObject({ field: "until", error: "until: The end date must be in the future" });
    await json(await act(moderator, target.username, { action: "ban", reason: "Spam" }), 400);
    await json(await act(moderator, target.username, { action: "warn", reason: "x", extra: true }), 400);
    await json(await act(moderator, target.username, { action: "warn", reason: "x", until: future(2) }), 400);
    await json(await act(moderator, moderator.username, { action: "warn", reason: "Me" }), 403);
    await json(await act(moderator, target.username, { action: "lift", reason: "Nothing on" }), 409);
  });

  it("is in the API's description with the body its validator checks", async () => {
    type Schema = {
      properties: Record<string, { enum?: string[] }>;
      additionalProperties: boolean;
      required: string[];
    };
    const document = await json<{
      paths: Record<
        string,
        { post?: { requestBody: { content: { "application/json": { schema: Schema } } } } }
      >;
    }>(await call("GET", "/openapi.json"), 200);
    const body =
      document.paths["/api/moderation/users/{username}/actions"]?.post?.requestBody.content[
        "application/json"
      ].schema;
    expect(body?.properties.action?.enum).toEqual(["warn", "silence", "suspend", "remove_spam", "lift"]);
    expect(body?.required).toEqual(["action", "reason"]);
    expect(body?.additionalProperties).toBe(false);
  });

  it("tells the person by notification and e-mail, in their language, with the appeal link", async () => {
    const target = await person();
    await db.update(profiles).set({ language: "hi" }).where(eq(profiles.userId, target.id));
    // Switching stall updates off does not switch off what moderators say about one's account.
    await json(
      await call("PUT", "/notifications/settings", target.token, { in_app: { stall_update: false } }),
      200,
    );
    await json(await act(moderator, target.username, { action: "warn", reason: "Mind your words" }), 201);
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, target.id));
    expect(told).toMatchObject({ type: "account", link: "/appeal", title: "एक मॉडरेटर ने आपको चेतावनी दी" });
    const inbox = await sendToWorker("/notifications", {
      cookies: [`${SESSION_COOKIE}=${(await createSession(db, target.id)).token}`],
    });
    const html = await inbox.text();
    expect(inbox.status, html).toBe(200);
    expect(html).toContain("आपके खाते के बारे में");
    expect(html).toContain("एक मॉडरेटर ने आपको चेतावनी दी");
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, target.email));
    expect(mail?.subject).toBe("एक मॉडरेटर ने आपको चेतावनी दी");
    expect(mail?.text).toContain("Mind your words");
    expect(mail?.link).toMatch(/\/appeal\?token=[\w-]+$/);
  });
});

describe("suspend", () => {
  it("refuses the person's bearer token and cookie session on the very next request, and their sign-in", async () => {
    const target = await person();
    const cookie = (await createSession(db, target.id)).token;
    const asCookie = () =>
      api.request("/api/profile", { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } }, env);
    // Both are read once first, so KV holds them: the suspension must drop the cache too.
    await json(await call("GET", "/profile", target.token), 200);
    await json(await asCookie(), 200);

    await json(
      await act(moderator, target.username, { action: "suspend", reason: "Harassment", until: future(7) }),
      201,
    );

    await json(await call("GET", "/profile", target.token), 401);
    await json(await asCookie(), 401);
    const signIn = await json<{ error: string }>(
      await call("POST", "/auth/signin", undefined, { email: target.email, password: TEST_PASSWORD }),
      403,
    );
    expect(signIn.error).toMatch(/^This account is suspended until \d{4}-\d{2}-\d{2}\./);
  });

  it("ends by itself once its date passes: sign-in works again and the job restores what it hid", async () => {
    const target = await person();
    const post = await postAs(target, "Fresh jalebi at 6");
    await json(
      await act(moderator, target.username, { action: "suspend", reason: "Cool off", until: future(1) }),
      201,
    );
    const [hidden] = await db.select({ at: posts.hiddenAt }).from(posts).where(eq(posts.publicId, post.id));
    expect(hidden?.at).not.toBeNull();

    expect(await endExpiredRestrictions(db, Date.now() + 2 * DAY)).toBe(1);
    const [shown] = await db.select({ at: posts.hiddenAt }).from(posts).where(eq(posts.publicId, post.id));
    expect(shown?.at).toBeNull();
    await json(
      await call("POST", "/auth/signin", undefined, { email: target.email, password: TEST_PASSWORD }),
      200,
    );
  });
});

describe("suspend and lift, for reels", () => {
  it("hides an approved reel from everyone without sending it to the new-reels queue, and the lift shows it again", async () => {
    const target = await person();
    const viewer = await person();
    const caption = `Kulfi of ${target.username}`;
    const reel = await insertReel(env, target.id, { hotScore: 5, caption });
    const watch = () => call("GET", `/reels/${reel.id}`, viewer.token);
    const queue = async () =>
      (
        await json<{ items: { id: string }[] }>(
          await call("GET", `/moderation/reels?q=${encodeURIComponent(caption)}`, moderator.token),
          200,
        )
      ).items.map((item) => item.id);
    const forYou = async () =>
      (
        await json<{ data: { id: string }[] }>(await call("GET", "/reels?tab=for_you", viewer.token), 200)
      ).data.map((item) => item.id);
    await json(await watch(), 200);

    await json(await act(moderator, target.username, { action: "suspend", reason: "Spam reels" }), 201);
    expect((await watch()).status).toBe(404);
    expect(await forYou()).not.toContain(reel.id);
    expect(await queue()).not.toContain(reel.id);

    await json(await act(moderator, target.username, { action: "lift", reason: "Appeal accepted" }), 201);
    await json(await watch(), 200);
    expect(await forYou()).toContain(reel.id);
    expect(await queue()).not.toContain(reel.id);
  });
});

describe("silence", () => {
  it("refuses every write path and still allows reading", async () => {
    const target = await person();
    const other = await person();
    const theirPost = await postAs(other, "Best vada pav near the station");
    const stops = [await createStall(env), await createStall(env)].map((stall) => ({
      stallId: stall.shopUniqueId,
      note: null,
    }));
    await json(
      await act(moderator, target.username, { action: "silence", reason: "Flooding", until: future(3) }),
      201,
    );

    const writes: [string, string, unknown][] = [
      ["POST", "/posts", { type: "tip", text: "Still here" }],
      ["POST", `/posts/${theirPost.id}/comments`, { text: "Me too" }],
      ["POST", "/reels/uploads", { size: 1000, type: "video/mp4" }],
      ["POST", "/trails", { title: "My walk", stops }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await json<{ error: string }>(await call(method, path, target.token, body), 403);
      expect(refused.error, path).toMatch(
        /^Your account is restricted by a moderator until \d{4}-\d{2}-\d{2}/,
      );
    }
    const stallAnswer = await json<{ error: string }>(
      await call("POST", "/shop", target.token, {
        name: "Raju Momos",
        description: "Steamed momos",
        category: "Street Food",
        location: "Koramangala, Bangalore",
        gps_coordinates: "(12.935200,77.624500)",
        contact_number: "+91 98765 43210",
      }),
      403,
    );
    expect(stallAnswer.error).toMatch(/^Your account is restricted/);

    await json(await call("GET", "/feed", target.token), 200);
    await json(await call("GET", `/posts/${theirPost.id}/comments`, target.token), 200);
    await json(await call("GET", "/profile", target.token), 200);
  });

  it("is refused over a suspension, and a lift lets the person write again", async () => {
    const target = await person();
    await json(await act(moderator, target.username, { action: "suspend", reason: "Spam" }), 201);
    await json(await act(moderator, target.username, { action: "silence", reason: "Less" }), 409);
    await json(await act(moderator, target.username, { action: "lift", reason: "Appeal accepted" }), 201);
    const session = await createSession(db, target.id);
    await json(await call("POST", "/posts", session.token, { type: "tip", text: "Back again" }), 201);
  });
});

describe("remove as spam, then lift", () => {
  it("hides everything and rejects pending stalls in one step, and lifting restores exactly that", async () => {
    const spammer = await person();
    const other = await person();
    const [first, second, earlier] = [
      await postAs(spammer, "Cheap followers here"),
      await postAs(spammer, "Buy now"),
      await postAs(spammer, "Hidden before"),
    ];
    const otherPost = await postAs(other, "Samosa season");
    await json(
      await call("POST", `/posts/${otherPost.id}/comments`, spammer.token, { text: "Visit my link" }),
      201,
    );
    // A moderator hid one post earlier for its own reason: the spam removal neither takes it over nor restores it.
    await json(
      await call("POST", `/moderation/posts/${earlier.id}/hide`, moderator.token, { reason: "Off-topic" }),
      200,
    );
    const approved = await insertReel(env, spammer.id);
    const waiting = await insertReel(env, spammer.id, { status: "pending" });
    const stall = await createStall(env);
    const trail = await createFoodTrail(env, [stall], { authorId: spammer.id });
    const pending = await createStall(env, { createdBy: spammer.id, status: "pending" });
    const live = await createStall(env, { createdBy: spammer.id, status: "approved" });

    const state = async () => ({
      posts: await db
        .select({ id: posts.publicId, hidden: posts.hiddenReason, comments: posts.commentCount })
        .from(posts)
        .where(inArray(posts.publicId, [first.id, second.id, earlier.id, otherPost.id]))
        .orderBy(posts.id),
      comments: await db
        .select({ hidden: postComments.hiddenReason })
        .from(postComments)
        .where(eq(postComments.userId, spammer.id)),
      reels: await db
        .select({ id: reels.publicId, status: reels.status, hidden: reels.hiddenReason })
        .from(reels)
        .where(eq(reels.userId, spammer.id))
        .orderBy(reels.id),
      trails: await db.select({ hidden: trails.hiddenReason }).from(trails).where(eq(trails.publicId, trail)),
      stalls: await db
        .select({ id: stalls.shopUniqueId, status: stalls.status })
        .from(stalls)
        .where(and(eq(stalls.createdBy, spammer.id)))
        .orderBy(stalls.id),
    });
    const before = await state();

    await json(await act(moderator, spammer.username, { action: "remove_spam", reason: "Spam ring" }), 201);
    const removed = await state();
    expect(removed.posts).toEqual([
      { id: first.id, hidden: "Spam ring", comments: 0 },
      { id: second.id, hidden: "Spam ring", comments: 0 },
      { id: earlier.id, hidden: "Off-topic", comments: 0 },
      { id: otherPost.id, hidden: null, comments: 0 },
    ]);
    expect(removed.comments).toEqual([{ hidden: "Spam ring" }]);
    // Hidden, not sent back: neither reel is in the queue of new reels while the suspension lasts.
    expect(removed.reels).toEqual([
      { id: approved.id, status: "approved", hidden: "Spam ring" },
      { id: waiting.id, status: "pending", hidden: "Spam ring" },
    ]);
    expect(removed.trails).toEqual([{ hidden: "Spam ring" }]);
    expect(removed.stalls).toEqual([
      { id: pending.shopUniqueId, status: "rejected" },
      { id: live.shopUniqueId, status: "approved" },
    ]);
    const feed = await json<{ data: { id: string }[] }>(
      await call("GET", "/feed?tab=for_you", other.token),
      200,
    );
    const shown = feed.data.map((post) => post.id);
    expect(shown).toContain(otherPost.id);
    expect(shown).not.toContain(first.id);
    expect(shown).not.toContain(second.id);

    await json(await act(moderator, spammer.username, { action: "lift", reason: "Not spam after all" }), 201);
    expect(await state()).toEqual(before);

    // Each decision about the person is on the moderation log (ADR 047), newest first, with who and why.
    const log = await json<{ data: { action: string; reason: string; moderator: { id: string } }[] }>(
      await call("GET", `/moderation/log?q=${spammer.username}`, moderator.token),
      200,
    );
    expect(log.data.map(({ action, reason, moderator: { id } }) => ({ action, reason, id }))).toEqual([
      { action: "lift", reason: "Not spam after all", id: moderator.id },
      { action: "remove_spam", reason: "Spam ring", id: moderator.id },
      { action: "hide_post", reason: "Off-topic", id: moderator.id },
    ]);
  });
});

describe("appeal", () => {
  it("reaches the support inbox from the e-mail's link, without signing in, pointing at the person page", async () => {
    const target = await person();
    await json(await act(moderator, target.username, { action: "suspend", reason: "Fake reviews" }), 201);
    const [mail] = await db.select({ link: outbox.link }).from(outbox).where(eq(outbox.to, target.email));
    const path = new URL(mail?.link ?? "").pathname + new URL(mail?.link ?? "").search;
    const page = await sendToWorker(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Reason: Fake reviews");
    const token = new URL(mail?.link ?? "").searchParams.get("token") ?? "";
    const sent = await sendToWorker("/appeal", {
      method: "POST",
      headers: { Host: "127.0.0.1" },
      body: new URLSearchParams({ token, message: "These were my own visits" }),
    });
    expect(sent.status).toBe(200);
    const [appeal] = await db
      .select({ topic: contactMessages.topic, message: contactMessages.message, page: contactMessages.page })
      .from(contactMessages)
      .where(eq(contactMessages.userId, target.id));
    expect(appeal).toEqual({
      topic: "account",
      message: "These were my own visits",
      page: `/moderation/people/${target.username}`,
    });
    const forged = await sendToWorker("/appeal", {
      method: "POST",
      headers: { Host: "127.0.0.1" },
      body: new URLSearchParams({ token: "not-a-token", message: "Let me in" }),
    });
    expect(forged.status).toBe(404);
  });
});
