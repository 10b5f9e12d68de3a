import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { pushSubscriptions } from "~/db/schema";
import worker from "../../workers/app";
import { createSignedInUser } from "../factories";
import {
  decryptPush,
  type FakeBrowser,
  fakePushService,
  makeBrowser,
  makeVapidKeys,
  verifyVapid,
} from "../push-endpoint";

// Web push (issue 23) through the whole Worker (build first), with a VAPID key pair made for the run: turning push
// on and off per browser, and a like pushed after the answer to a fake push service (tests/push-endpoint.ts) that
// checks the VAPID signature and decrypts the message as the browser would. Nothing reaches the internet: the
// Worker's fetch is the fake's.

const db = getDb(env.DB);
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
let vapid: { publicKey: string; privateKey: string };

beforeAll(async () => {
  vapid = await makeVapidKeys();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** One API request through the Worker, with whatever it left to waitUntil (the pushes) finished. */
async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; vapid?: boolean } = {},
) {
  const headers = new Headers({ Origin: "http://127.0.0.1" });
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const keys =
    options.vapid === false ? {} : { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
    { ...env, ...keys, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function json<T>(response: Response | Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function member(name: string, language: "en" | "hi" = "en") {
  // Established, as most members are: several new accounts sharing one text within an hour is held as spam (ADR 051).
  const user = await createSignedInUser(env, { established: true });
  const username = `${name.toLowerCase()}_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("UPDATE profiles SET username = ?, full_name = ?, language = ? WHERE user_id = ?")
    .bind(username, name, language, user.id)
    .run();
  return { ...user, username, name };
}

const subscribe = (token: string, browser: FakeBrowser) =>
  call("PUT", "/push/subscription", { token, body: { endpoint: browser.endpoint, keys: browser.keys } });

const rowsFor = (endpoint: string) =>
  db
    .select({
      userId: pushSubscriptions.userId,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));

async function newPost(token: string) {
  return json<{ id: string }>(
    call("POST", "/posts", { token, body: { type: "tip", text: "Kachori at 8 sharp" } }),
    201,
  );
}

describe("the VAPID public key", () => {
  it("is given to anyone, and answers 404 when push is not set up", async () => {
    expect(await json(call("GET", "/push/key"), 200)).toEqual({ key: vapid.publicKey });
    expect(await json(call("GET", "/push/key", { vapid: false }), 404)).toEqual({
      error: "Push notifications are not set up",
    });
  });
});

describe("turning push on and off for a browser", () => {
  it("takes the push services of Chrome, Firefox, Safari and Edge", async () => {
    const asha = await member("Asha");
    const phone = await makeBrowser();
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx-abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ]) {
      await json(
        call("PUT", "/push/subscription", { token: asha.token, body: { endpoint, keys: phone.keys } }),
        200,
      );
    }
  });

  it("stores one row per browser; subscribing again updates it; another account takes it over", async () => {
    const [asha, ravi] = await Promise.all([member("Asha"), member("Ravi")]);
    const phone = await makeBrowser();
    const laptop = await makeBrowser("https://updates.push.services.mozilla.com");
    expect(await json(subscribe(asha.token, phone), 200)).toEqual({ subscribed: true });
    await json(subscribe(asha.token, laptop), 200);
    expect(await rowsFor(phone.endpoint)).toEqual([
      { userId: asha.id, p256dh: phone.keys.p256dh, auth: phone.keys.auth, lastSuccessAt: null },
    ]);

    // The browser renewed its keys: the same row, new keys.
    const renewed = await makeBrowser();
    await json(
      call("PUT", "/push/subscription", {
        token: asha.token,
        body: { endpoint: phone.endpoint, keys: renewed.keys, expirationTime: null },
      }),
      200,
    );
    expect(await rowsFor(phone.endpoint)).toEqual([
      { userId: asha.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, lastSuccessAt: null },
    ]);

    // Ravi signs in on Asha's phone and turns push on: the phone is his now, Asha's laptop stays hers.
    await json(subscribe(ravi.token, phone), 200);
    expect((await rowsFor(phone.endpoint)).map((row) => row.userId)).toEqual([ravi.id]);
    expect((await rowsFor(laptop.endpoint)).map((row) => row.userId)).toEqual([asha.id]);

    // Asha cannot turn off Ravi's phone; Ravi can.
    await json(
      call("DELETE", "/push/subscription", { token: asha.token, body: { endpoint: phone.endpoint } }),
      200,
    );
    expect(await rowsFor(phone.endpoint)).toHaveLength(1);
    expect(
      await json(
        call("DELETE", "/push/subscription", { token: ravi.token, body: { endpoint: phone.endpoint } }),
        200,
      ),
    ).toEqual({ subscribed: false });
    expect(await rowsFor(phone.endpoint)).toEqual([]);
    // Turning off twice is no error.
    await json(
      call("DELETE", "/push/subscription", { token: ravi.token, body: { endpoint: phone.endpoint } }),
      200,
    );
  });

  it("refuses visitors with 401", async () => {
    const phone = await makeBrowser();
    await json(
      call("PUT", "/push/subscription", { body: { endpoint: phone.endpoint, keys: phone.keys } }),
      401,
    );
    await json(call("DELETE", "/push/subscription", { body: { endpoint: phone.endpoint } }), 401);
    expect(await rowsFor(phone.endpoint)).toEqual([]);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const asha = await member("Asha");
    const phone = await makeBrowser();
    const cases: [unknown, string][] = [
      [{ keys: phone.keys }, "endpoint"],
      [{ endpoint: "http://fcm.googleapis.com/fcm/send/x", keys: phone.keys }, "endpoint"],
      [{ endpoint: "not a url", keys: phone.keys }, "endpoint"],
      [{ endpoint: 42, keys: phone.keys }, "endpoint"],
      [{ endpoint: `https://fcm.googleapis.com/${"x".repeat(2048)}`, keys: phone.keys }, "endpoint"],
      // Only a push service: the Worker would post to anything stored.
      [{ endpoint: "https://victim.example/hook", keys: phone.keys }, "endpoint"],
      [{ endpoint: "https://fcm.googleapis.com.evil.example/x", keys: phone.keys }, "endpoint"],
      [{ endpoint: "https://127.0.0.1/x", keys: phone.keys }, "endpoint"],
      [{ endpoint: phone.endpoint }, "keys"],
      [{ endpoint: phone.endpoint, keys: { auth: phone.keys.auth } }, "keys.p256dh"],
      [{ endpoint: phone.endpoint, keys: { ...phone.keys, p256dh: "abc" } }, "keys.p256dh"],
      [{ endpoint: phone.endpoint, keys: { ...phone.keys, auth: 16 } }, "keys.auth"],
      [{ endpoint: phone.endpoint, keys: { ...phone.keys, auth: `${phone.keys.auth}AAAA` } }, "keys.auth"],
    ];
    for (const [body, field] of cases) {
      const answer = await json<{ field: string }>(
        call("PUT", "/push/subscription", { token: asha.token, body }),
        400,
      );
      expect(answer.field, JSON.stringify(body)).toBe(field);
    }
    const refused = await json<{ field: string }>(
      call("DELETE", "/push/subscription", { token: asha.token, body: { endpoint: "ftp://x" } }),
      400,
    );
    expect(refused.field).toBe("endpoint");
    expect(await rowsFor(phone.endpoint)).toEqual([]);
  });

  it("goes with the account when it is deleted", async () => {
    const asha = await member("Asha");
    const phone = await makeBrowser();
    await json(subscribe(asha.token, phone), 200);
    await json(call("DELETE", "/profile", { token: asha.token, body: { confirm: asha.username } }), 200);
    expect(await rowsFor(phone.endpoint)).toEqual([]);
  });
});

describe("pushing a notification", () => {
  it("sends a like to each of the author's browsers, encrypted for each, in the author's language", async () => {
    const [author, fan] = await Promise.all([member("Meena", "hi"), member("Asha")]);
    const [phone, laptop] = await Promise.all([makeBrowser(), makeBrowser()]);
    await json(subscribe(author.token, phone), 200);
    await json(subscribe(author.token, laptop), 200);
    const post = await newPost(author.token);
    const service = fakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);

    await json(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }), 200);

    expect(service.received.map((message) => message.endpoint).sort()).toEqual(
      [phone.endpoint, laptop.endpoint].sort(),
    );
    for (const browser of [phone, laptop]) {
      const message = service.received.find((each) => each.endpoint === browser.endpoint);
      if (!message) throw new Error("no message");
      expect(message.headers.get("Content-Encoding")).toBe("aes128gcm");
      expect(Number(message.headers.get("TTL"))).toBeGreaterThan(0);
      const claims = await verifyVapid(message.headers, vapid.publicKey);
      expect(claims.aud).toBe("https://fcm.googleapis.com");
      expect(claims.sub).toBe("mailto:hello@nukkad.app");
      expect(JSON.parse(await decryptPush(browser, message.body))).toEqual({
        title: "Asha को आपकी पोस्ट पसंद आई",
        body: "",
        url: `/feed?post=${post.id}`,
        tag: `like:post:${post.id}`,
      });
    }
    const [row] = await rowsFor(phone.endpoint);
    expect(row?.lastSuccessAt).toBeGreaterThan(0);

    // Nobody is pushed about their own like, nor twice about one like.
    service.received.length = 0;
    await json(call("PUT", `/posts/${post.id}/like`, { token: author.token, body: { liked: true } }), 200);
    await json(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }), 200);
    expect(service.received).toEqual([]);
  });

  it("sends nothing for a type the person switched off", async () => {
    const [author, fan] = await Promise.all([member("Meena"), member("Asha")]);
    const phone = await makeBrowser();
    await json(subscribe(author.token, phone), 200);
    await json(
      call("PUT", "/notifications/settings", { token: author.token, body: { in_app: { like: false } } }),
      200,
    );
    const post = await newPost(author.token);
    const service = fakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
    await json(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }), 200);
    expect(service.received).toEqual([]);

    // Follows are still on: they are pushed.
    await json(
      call("PUT", `/users/${author.username}/follow`, { token: fan.token, body: { following: true } }),
      200,
    );
    expect(service.received).toHaveLength(1);
    const [follow] = service.received;
    if (!follow) throw new Error("no message");
    const message = JSON.parse(await decryptPush(phone, follow.body));
    expect(message).toMatchObject({
      title: "Asha started following you",
      url: `/u/${fan.username}`,
      tag: "follow",
    });
  });

  it("sends nothing from someone the person muted, as their inbox shows nothing of them (ADR 048)", async () => {
    const [author, fan, other] = await Promise.all([member("Meena"), member("Asha"), member("Ravi")]);
    const phone = await makeBrowser();
    await json(subscribe(author.token, phone), 200);
    await json(
      call("PUT", `/users/${fan.username}/mute`, { token: author.token, body: { muted: true } }),
      200,
    );
    const post = await newPost(author.token);
    const service = fakePushService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
    await json(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }), 200);
    expect(service.received).toEqual([]);

    // Someone not muted is still pushed.
    await json(call("PUT", `/posts/${post.id}/like`, { token: other.token, body: { liked: true } }), 200);
    expect(service.received).toHaveLength(1);
  });

  it("deletes a browser whose push service answers 410, and keeps one that answers 500", async () => {
    const [author, fan] = await Promise.all([member("Meena"), member("Asha")]);
    const [gone, flaky] = await Promise.all([makeBrowser(), makeBrowser()]);
    await json(subscribe(author.token, gone), 200);
    await json(subscribe(author.token, flaky), 200);
    const post = await newPost(author.token);
    const service = fakePushService((endpoint) => (endpoint === gone.endpoint ? 410 : 500));
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const liked = await call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } });

    // The like itself succeeded whatever the push services said.
    expect(liked.status).toBe(200);
    expect(service.received).toHaveLength(2);
    expect(await rowsFor(gone.endpoint)).toEqual([]);
    expect(await rowsFor(flaky.endpoint)).toEqual([
      { userId: author.id, p256dh: flaky.keys.p256dh, auth: flaky.keys.auth, lastSuccessAt: null },
    ]);
    expect(warn).toHaveBeenCalledWith("push to fcm.googleapis.com answered 500");
  });

  it("keeps the browser when its push service cannot be reached, and the write still succeeds", async () => {
    const [author, fan] = await Promise.all([member("Meena"), member("Asha")]);
    const phone = await makeBrowser();
    await json(subscribe(author.token, phone), 200);
    const post = await newPost(author.token);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await json(call("PUT", `/posts/${post.id}/like`, { token: fan.token, body: { liked: true } }), 200);
    expect(await rowsFor(phone.endpoint)).toHaveLength(1);
  });
});
