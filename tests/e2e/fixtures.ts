import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

const tile = readFileSync(new URL("./placeholder-tile.png", import.meta.url));
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/** No test touches the network: map tiles get a local placeholder, every other outside request is aborted. */
async function keepOffline(context: BrowserContext) {
  await context.route(
    (url) =>
      !LOOPBACK.test(url.toString()) && !url.protocol.startsWith("data") && !url.protocol.startsWith("blob"),
    (route) => {
      const url = route.request().url();
      if (/tile\.openstreetmap\.org/.test(url)) {
        return route.fulfill({ status: 200, contentType: "image/png", body: tile });
      }
      return route.abort("internetdisconnected");
    },
  );
}

/**
 * The test's own API calls (page.request) each go on a fresh connection, and one the local server reset before
 * answering is sent once more. Under a loaded CI machine the local workerd now and then resets a new connection
 * before any byte of an answer ('read ECONNRESET', about one call in 700, on GETs and POSTs alike); Chromium's pooled
 * connections never meet it, Playwright's request client does. Only a reset is retried, never an answer: every status
 * the app gives still reaches the test. A POST the server did carry out before the reset would meet the app's answer
 * to a repeat (409, 429, a second row) and fail the test's assertions, so nothing wrong can pass by this.
 */
function resilientCalls(context: BrowserContext) {
  const request = context.request;
  // get, post and the other verbs all send through fetch.
  const send = request.fetch.bind(request) as (url: string, options?: object) => Promise<unknown>;
  Object.assign(request, {
    fetch: (url: string, options: { headers?: Record<string, string> } = {}) =>
      resendOnReset(() => send(url, { ...options, headers: { ...options.headers, Connection: "close" } })),
  });
}

/** Sends once more when the local server reset the connection before answering; any answer is returned as it is. */
async function resendOnReset<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!String(error).includes("ECONNRESET")) throw error;
    return call();
  }
}

/** What every browser context of a test needs: no network beyond loopback, and its own API calls made resilient. A
 * second person's context calls this itself. */
export async function prepareContext(context: BrowserContext) {
  await keepOffline(context);
  resilientCalls(context);
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await prepareContext(context);
    await use(context);
  },
});

export { expect };

export type Account = { email: string; password: string };

/** The seed's accounts (scripts/seed-data.ts, listed in the README). */
export const SEEDED_USER: Account = { email: "user@nukkad.test", password: "nukkad-user-2026" };
export const SEEDED_MODERATOR: Account = { email: "moderator@nukkad.test", password: "nukkad-mod-2026" };

/**
 * Signs the page's browser context in as `account`; the page stays where it is. Every test that needs someone
 * signed in uses this: only the tests of the sign-in form itself (accounts.spec.ts) fill that form in.
 */
export async function signIn(page: Page, account: Account) {
  // The form's own POST as sent without JavaScript: the real password check and cookie, and no page to load.
  const response = await page.request.post("/auth", {
    form: { mode: "signin", email: account.email, password: account.password },
    // As a browser sends it: a context that already holds a session is refused without it (http/csrf.ts).
    headers: { Origin: appOrigin() },
  });
  expect(response.status(), `sign-in as ${account.email}`).toBe(200);
}

/** The password of every account a test makes. */
export const PASSWORD = "street-food-2026";

/** The app's origin, as a browser's Origin header carries it: writes without it are refused (http/csrf.ts). */
export const appOrigin = () => new URL(test.info().project.use.baseURL as string).origin;

export interface Member {
  name: string;
  email: string;
  /** Given when asked for: a public profile, Follow and Follow Back need one. */
  username: string | null;
}

/**
 * A new account, unique to the call, signed in on `page`: sign-up, sign-in and, with `username`, the complete-profile
 * form, each as sent without JavaScript. `confirmed` follows the e-mailed link (posting, reviews and contributions
 * need it).
 */
export async function newMember(
  page: Page,
  {
    name = "E2E Member",
    confirmed,
    username = false,
  }: { name?: string; confirmed: boolean; username?: boolean },
): Promise<Member> {
  const tag = `${test.info().project.name[0]}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `e2e-${tag}@example.com`;
  const signUp = await page.request.post("/auth", {
    form: { mode: "signup", full_name: name, email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), `sign-up of ${email}`).toBe(200);
  await signIn(page, { email, password: PASSWORD });
  if (confirmed) await confirmEmail(page, email);
  if (!username) return { name, email, username: null };
  const chosen = `m_${tag}`;
  const saved = await page.request.post("/complete-profile", {
    form: { full_name: name, username: chosen },
    headers: { Origin: appOrigin() },
  });
  expect(saved.status(), `username ${chosen}`).toBe(200);
  const profile = (await (await page.request.get("/api/profile")).json()) as { username: string | null };
  expect(profile.username).toBe(chosen);
  return { name, email, username: chosen };
}

/** A page in a second browser context of the test's own device, for another person. */
export async function otherPage(browser: Browser) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  await prepareContext(context);
  return context.newPage();
}

/** Waits for the page's finite transitions and animations to end; looping ones (spinners, skeletons) never do. */
const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** axe's findings on the settled page, and whether anything began to move while axe was reading it. */
async function analyzeSettled(page: Page) {
  await settleAnimations(page);
  // A window property, not the DOM: marking the page would be a change axe and the app could see.
  await page.evaluate(() => {
    if (!Reflect.has(window, "__axeMoved")) {
      const moved = () => Reflect.set(window, "__axeMoved", true);
      document.addEventListener("transitionrun", moved);
      document.addEventListener("animationstart", moved);
    }
    Reflect.set(window, "__axeMoved", false);
  });
  const results = await new AxeBuilder({ page }).analyze();
  const moved = await page.evaluate(() => Reflect.get(window, "__axeMoved") === true);
  return { results, moved };
}

/**
 * Runs axe on the page once its finite transitions and animations have ended: no serious or critical violation may
 * remain. Mid-fade (a feed's tab panel coming back from half opacity, a toast leaving on its timer) every text fails
 * the contrast check, though nobody reads it there. When something began to move while axe read the page, that
 * reading is void and axe reads the settled page again: a violation that is really there is there both times.
 */
export async function expectAccessible(page: Page) {
  let { results, moved } = await analyzeSettled(page);
  if (moved) ({ results } = await analyzeSettled(page));
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The link in the newest development-outbox message (/dev/mail, newest first) with this subject for this address. */
export async function mailLink(page: Page, to: string, subject: string): Promise<string> {
  await page.goto("/dev/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const message = page
    .getByRole("listitem")
    .filter({ hasText: `To ${to} ` })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(message).toBeVisible();
  const href = await message.getByRole("link").getAttribute("href");
  expect(href).toBeTruthy();
  return href as string;
}

/** Follows the confirmation link sign-up e-mailed to `email`: reviews, reports and contributions need it. */
export async function confirmEmail(page: Page, email: string) {
  await page.goto(await mailLink(page, email, "Confirm your Nukkad account"));
  await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmed" })).toBeVisible();
}
