// Issue 23, web push end to end at 390 px (ADR 028): a member turns push on from the notifications page, another
// member's like reaches the member's browser through the push service, signed with the site's VAPID key and
// encrypted for that browser, and a browser that unsubscribed (410) is forgotten. The push service is the e2e
// server's stand-in (scripts/lib/e2e-outbound.ts), which keeps each message for this test to decrypt and hand to the
// site's service worker, which shows it; headless Chromium's own PushManager would need Google's push service, so
// the page gets a subscription to the stand-in, with keys made here, through the same PushManager calls the app
// makes. And the offer after a follow: once per browser, its code fetched with the follow rather than the page.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/chromium";
import { PUSH_HOST, pushDir, type RecordedPush } from "../../scripts/lib/e2e-outbound";
import { decryptPush, type FakeBrowser, makeBrowser, verifyVapid } from "../push-endpoint";
import { appOrigin, expect, expectAccessible, isMobile, newMember, otherPage, test } from "./fixtures";

// The full browser, not the headless shell the other specs run (ADR 068): the shell answers every permission a page
// was not granted with "denied", where a browser that was never asked says "default", and the offer is for that one.
test.use({ serviceWorkers: "allow", launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

const port = () => new URL(test.info().project.use.baseURL as string).port;

test.beforeEach(async ({ page }) => {
  test.skip(!isMobile(page), "push is a phone's: one run at 390 px");
});

/** PushManager answering with a subscription at the stand-in push service, for `browser`'s keys. */
async function subscribeTo(context: BrowserContext, browser: FakeBrowser) {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const KEY = "e2e-push-subscribed";
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0))
          .buffer;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: (name: "p256dh" | "auth") => bytes(keys[name]),
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      };
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        // The app must ask with the server's key, for messages the person sees.
        if (!options?.userVisibleOnly || !options.applicationServerKey)
          throw new DOMException("", "NotAllowedError");
        localStorage.setItem(KEY, "1");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(KEY) ? subscription : null) as unknown as PushSubscription | null;
    },
    { endpoint: browser.endpoint, keys: browser.keys },
  );
}

/** What the stand-in push service received for `endpoint`, oldest first. */
function received(endpoint: string): RecordedPush[] {
  let text = "";
  try {
    text = readFileSync(join(pushDir(port()), "messages.jsonl"), "utf8");
  } catch {
    return [];
  }
  // The stand-in service appends a line at a time, and a read can land while a line is half written (CI read the
  // first 4,096 bytes of one): only lines already ended count, the rest is read by the next poll.
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedPush)
    .filter((message) => message.endpoint === endpoint);
}

test("a like reaches the member's phone as an encrypted push; a browser that unsubscribed is forgotten", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const phone = await makeBrowser(`https://${PUSH_HOST}`);
  await subscribeTo(context, phone);
  const author = await newMember(page, { name: "Push Author", confirmed: true, username: true });
  const post = await page.request.post("/api/posts", {
    data: { type: "tip", text: "Kachori comes out at 8 sharp" },
    headers: { Origin: appOrigin() },
  });
  expect(post.status()).toBe(201);
  const { id: postId } = (await post.json()) as { id: string };

  // A first visit: push is offered once the worker this visit installs is ready. That install fetches the whole app
  // for offline use, and CI's loaded machine took 13 s over it after the page had first looked for a worker; the
  // page once gave up after 10 s and hid the offer for the visit. Held here the same way (the worker registered
  // after the offer first looks, its install past 10 s), the offer must still come.
  const installHeld = 11_000;
  const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await context.route(/\/assets\//, async (route) => {
    if (route.request().serviceWorker()) await hold(installHeld);
    else if (/\/pwa-shell-[\w-]+\.js$/.test(route.request().url())) await hold(3_000);
    await route.fallback();
  });
  await page.goto("/notifications");
  const turnOn = page.getByRole("button", { name: "Turn on push notifications" });
  await expect(turnOn).toBeVisible({ timeout: installHeld + 30_000 });
  await context.unroute(/\/assets\//);
  await expectAccessible(page);
  const stored = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/push/subscription" && response.request().method() === "PUT",
  );
  await turnOn.click();
  expect((await stored).status()).toBe(200);
  await expect(page.getByText("Push notifications are on for this device").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off" })).toBeVisible();

  const fanPage = await otherPage(browser);
  const fan = await newMember(fanPage, { name: "Push Fan", confirmed: true, username: true });
  const liked = await fanPage.request.put(`/api/posts/${postId}/like`, {
    data: { liked: true },
    headers: { Origin: appOrigin() },
  });
  expect(liked.status()).toBe(200);

  await expect.poll(() => received(phone.endpoint).length, { timeout: 30_000 }).toBe(1);
  const [message] = received(phone.endpoint) as [RecordedPush];
  expect(message.status).toBe(201);
  const headers = new Headers(message.headers);
  expect(headers.get("content-encoding")).toBe("aes128gcm");
  const { key } = (await (await page.request.get("/api/push/key")).json()) as { key: string };
  const claims = await verifyVapid(headers, key);
  expect(claims.aud).toBe(`https://${PUSH_HOST}`);
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
  const body = new Uint8Array(Buffer.from(message.body, "base64"));
  const plaintext = await decryptPush(phone, body);
  expect(JSON.parse(plaintext)).toEqual({
    title: `${fan.name} liked your post`,
    body: "",
    url: `/feed?post=${postId}`,
    tag: `like:post:${postId}`,
  });

  // The browser's push service hands the message to the site's worker, which shows it (Chromium's DevTools protocol
  // stands in for that service here).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((each) => each.scopeURL === `${appOrigin()}/` && !each.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registration = await registrationId;
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => ({
        title: each.title,
        body: each.body,
        tag: each.tag,
        url: (each.data as { url?: string } | null)?.url,
      })),
    );
  // A push that reaches a worker still starting up can be dropped, as a push service's first try can fail: it is
  // sent again until it shows (one notification all the same, by its tag).
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: appOrigin(),
      registrationId: registration,
      data: plaintext,
    });
    await expect.poll(shown, { timeout: 3_000 }).toEqual([
      {
        title: `${fan.name} liked your post`,
        body: "",
        tag: `like:post:${postId}`,
        url: `/feed?post=${postId}`,
      },
    ]);
  }).toPass({ timeout: 40_000 });

  // The browser unsubscribed behind the site's back: its push service answers 410 from now on.
  const id = new URL(phone.endpoint).pathname.split("/").pop() as string;
  writeFileSync(join(pushDir(port()), "gone", id), "");
  const followed = await fanPage.request.put(`/api/users/${author.username}/follow`, {
    data: { following: true },
    headers: { Origin: appOrigin() },
  });
  expect(followed.ok()).toBe(true);
  await expect
    .poll(() => received(phone.endpoint).map((each) => each.status), { timeout: 30_000 })
    .toEqual([201, 410]);
  // Forgotten: the next like reaches the author's inbox, and nothing more is sent to that browser. (The row itself
  // is checked against D1 in tests/integration; reading the e2e server's database from here, through a second
  // workerd on the same files, made the server's own writes fail with SQLITE_BUSY.)
  const unread = async () =>
    ((await (await page.request.get("/api/notifications/unread-count")).json()) as { count: number }).count;
  const before = await unread();
  const another = await page.request.post("/api/posts", {
    data: { type: "tip", text: "Jalebi comes out at 9" },
    headers: { Origin: appOrigin() },
  });
  expect(another.status()).toBe(201);
  const { id: anotherId } = (await another.json()) as { id: string };
  const likedAgain = await fanPage.request.put(`/api/posts/${anotherId}/like`, {
    data: { liked: true },
    headers: { Origin: appOrigin() },
  });
  expect(likedAgain.status()).toBe(200);
  await expect.poll(unread).toBe(before + 1);
  // Pushes go out right after the inbox is written: a while to send one, were the browser still known.
  await page.waitForTimeout(2_000);
  expect(received(phone.endpoint).map((each) => each.status)).toEqual([201, 410]);
  await fanPage.context().close();
});

test("following someone offers push once per browser, with the offer's code fetched at the follow", async ({
  page,
  browser,
}) => {
  const isOfferCode = (path: string) => /\/push-opt-in-[\w-]+\.js$/.test(path);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const writerPage = await otherPage(browser);
  await newMember(writerPage, { name: "Offer Writer", confirmed: true, username: true });
  const text = `Late-night maggi, ${Date.now().toString(36)}`;
  const created = await writerPage.request.post("/api/posts", {
    data: { type: "tip", text },
    headers: { Origin: appOrigin() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await newMember(page, { name: "Offer Reader", confirmed: true, username: true });
  await page.goto(`/feed?post=${id}`);
  const post = page.getByRole("article").filter({ hasText: text }).first();
  await expect(post).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(isOfferCode)).toEqual([]);

  const follow = post.getByRole("button", { name: "Follow Offer Writer" });
  await follow.click();
  const toasts = page.getByRole("region", { name: /^Notifications/ });
  const offer = toasts.getByText("Hear about new followers, likes and comments even when Nukkad is closed?");
  await expect(offer).toBeVisible();
  await expect(toasts.getByRole("button", { name: "Turn on push notifications" })).toBeVisible();
  expect(scripts.some(isOfferCode)).toBe(true);

  // Offered once: following again after an unfollow asks nothing.
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await page.waitForTimeout(1_000);
  await expect(offer).toHaveCount(1);
  await writerPage.context().close();
});
