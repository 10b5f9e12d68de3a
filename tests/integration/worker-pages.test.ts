import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { createFoodTrail, createSignedInUser, createStall } from "../factories";
import { sendToWorker } from "../worker-fetch";

// The whole Worker, as deployed: Hono first, then Remix with the server build.
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function get(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, init),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const SPEC_ROUTES = [
  "/",
  "/feed",
  "/reels",
  "/discover",
  "/search",
  "/settings",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/map",
  "/food-trails",
  "/help",
  "/contact",
  "/privacy",
  "/terms",
];

let stallId = "";

beforeAll(async () => {
  stallId = (await createStall(env, { name: "Ramu Pani Puri" })).shopUniqueId;
});

describe("pages through the Worker", () => {
  it.each(SPEC_ROUTES)("%s answers 200 inside the shared layout", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Tabs"');
    expect(html).toContain('href="/privacy"');
  });

  it.each(["/profile", "/complete-profile", "/add-stall", "/bookmarks", "/notifications"])(
    "%s sends visitors to sign in and back",
    async (path) => {
      const response = await get(path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it.each(["/profile", "/complete-profile", "/add-stall", "/notifications"])(
    "%s answers 200 inside the layout when signed in",
    async (path) => {
      const { token } = await createSignedInUser(env);
      const response = await get(path, { headers: { Cookie: `nukkad_session=${token}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('aria-label="Main"');
    },
  );

  it("serves a stall's page by its public id", async () => {
    const response = await get(`/stall/${stallId}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Ramu Pani Puri");
  });

  it("fetches a stall's hero photo first: preloaded, eager, high priority, its size reserved", async () => {
    const html = await (await get(`/stall/${stallId}`)).text();
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/?>/i);
    const hero = html.match(/<img[^>]*alt="Ramu Pani Puri, photo 1 of \d+"[^>]*>/)?.[0] ?? "";
    expect(hero).toContain('loading="eager"');
    expect(hero).toMatch(/fetchPriority="high"/i);
    expect(hero).toContain('width="1280"');
    expect(hero).toContain('height="720"');
  });

  it.each(["/search", "/search?q=dosa", "/auth"])(
    "describes %s for search engines and link previews",
    async (path) => {
      const html = await (await get(path)).text();
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    },
  );

  it.each(["/no-such-page", "/stall/unknown-id-123", "/deeply/nested/nothing"])(
    "answers %s with HTTP 404 and a not-found page",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/Oops! Page not found|Stall not found/);
      expect(html).toContain('aria-label="Main"');
    },
  );

  it("offers the closest word when a search finds nothing, as a link that searches it", async () => {
    const html = await (await get("/search?q=samsoa")).text();
    expect(html).toContain("No stalls match &quot;samsoa&quot;.");
    expect(html).toMatch(/Did you mean <a [^>]*href="\/search\?q=samosa"[^>]*>samosa<\/a>\?/);
  });

  it("shows the 404 page with its three texts", async () => {
    const html = await (await get("/no-such-page")).text();
    expect(html).toContain(">404<");
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });

  it("sends the baseline security headers on pages and on the API", async () => {
    for (const path of ["/", "/api/health"]) {
      const response = await get(path);
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("puts the CSP nonce on every inline script", async () => {
    const response = await get("/");
    const nonce = response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("answers the API before Remix", async () => {
    const response = await get("/api/health");
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("dark mode", () => {
  it("stores the preference in a cookie and renders it on the server", async () => {
    const body = new URLSearchParams({ theme: "dark", redirectTo: "/discover" });
    const response = await get("/theme", { method: "POST", body, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/discover");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain("nukkad-theme=dark");
    const html = await (await get("/discover", { headers: { Cookie: cookie.split(";")[0] ?? "" } })).text();
    expect(html).toMatch(/<html lang="en" class="dark"/);
  });

  it("refuses an unknown theme and an off-site redirect", async () => {
    const bad = await get("/theme", { method: "POST", body: new URLSearchParams({ theme: "neon" }) });
    expect(bad.status).toBe(400);
    const offsite = await get("/theme", {
      method: "POST",
      body: new URLSearchParams({ theme: "light", redirectTo: "//evil.example" }),
      redirect: "manual",
    });
    expect(offsite.headers.get("Location")).toBe("/");
  });
});

describe("cross-site form posts", () => {
  it("refuses a signed-in page action from another origin or without one, and accepts this origin's", async () => {
    const { token } = await createSignedInUser(env);
    const cookie = `nukkad_session=${token}`;
    const post = (headers: Record<string, string>) =>
      get("/signout", { method: "POST", headers: { Cookie: cookie, ...headers }, redirect: "manual" });
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect((await get("/api/profile", { headers: { Cookie: cookie } })).status).toBe(200);
    const ours = await post({ Origin: "http://127.0.0.1" });
    expect(ours.status).toBe(302);
    expect((await get("/api/profile", { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe("resending the confirmation e-mail", () => {
  const resend = (cookie?: string) =>
    get("/confirm-email/resend", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1", ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  it("mails a new link to a signed-in user who has not confirmed", async () => {
    const { token, email } = await createSignedInUser(env, { verified: false });
    const response = await resend(`nukkad_session=${token}`);
    expect(await response.json()).toEqual({
      ok: true,
      message: "Confirmation e-mail sent! Check your inbox.",
    });
    const mail = await env.DB.prepare("SELECT subject, link FROM outbox WHERE to_address = ?")
      .bind(email)
      .first();
    expect(mail).toMatchObject({
      subject: "Confirm your Nukkad account",
      link: expect.stringContaining("/confirm-email?token="),
    });
  });

  it("says so when the address is already confirmed, and sends visitors to sign in", async () => {
    const { token } = await createSignedInUser(env);
    expect(await (await resend(`nukkad_session=${token}`)).json()).toMatchObject({
      message: "Your e-mail address is already confirmed.",
    });
    const visitor = await resend();
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("newsletter box", () => {
  it("subscribes an address once, however often it is sent", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get("/newsletter", {
        method: "POST",
        body: new URLSearchParams({ email: " Meena@Example.com " }),
      });
      expect(response.status).toBe(200);
    }
    const rows = await env.DB.prepare("SELECT email FROM newsletter_subscriptions").all();
    expect(rows.results).toEqual([{ email: "meena@example.com" }]);
  });

  it("answers 400 with a message for a bad address and stores nothing", async () => {
    const count = () => env.DB.prepare("SELECT COUNT(*) AS n FROM newsletter_subscriptions").first("n");
    const before = await count();
    for (const email of ["ravi@", "", "ravi at example.com"]) {
      const response = await get("/newsletter", { method: "POST", body: new URLSearchParams({ email }) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        ok: false,
        result: { error: { email: [expect.stringMatching(/email/)] } },
      });
    }
    expect(await count()).toBe(before);
  });
});

describe("/food-trails' 'Load more'", () => {
  it("reads a list's next page by its cursor, and says why a page cannot be read", async () => {
    const stalls = [await createStall(env), await createStall(env)];
    const titles = ["Paging walk one", "Paging walk two", "Paging walk three"];
    for (const title of titles) await createFoodTrail(env, stalls, { title, curated: true });
    const first = (await (await get("/food-trails/page?list=curated&limit=2")).json()) as {
      data: { title: string }[];
      next_cursor: string | null;
    };
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = (await (
      await get(
        `/food-trails/page?list=curated&limit=50&cursor=${encodeURIComponent(first.next_cursor ?? "")}`,
      )
    ).json()) as { data: { title: string }[]; next_cursor: string | null };
    const seen = [...first.data, ...rest.data].map((trail) => trail.title);
    expect(seen.filter((title) => titles.includes(title)).sort()).toEqual([...titles].sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(rest.next_cursor).toBeNull();

    const bad = await sendToWorker("/food-trails/page.data?list=everything");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Could not load more trails. Please try again.");
    const visitor = await sendToWorker("/food-trails/page.data?list=mine");
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toContain("Please log in first!");
  });
});

describe("the feed's 'Load more'", () => {
  it("answers a page it cannot read with an error saying why, not an empty last page", async () => {
    expect((await sendToWorker("/feed/page.data?tab=for_you")).status).toBe(200);
    const bad = await sendToWorker("/feed/page.data?tab=trending");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Could not load more posts. Please try again.");
    const visitor = await sendToWorker("/feed/page.data?tab=following&cursor=abc");
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toContain("Please log in first!");
  });
});
