import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS } from "~/lib/schemas/clean-text";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// Request and input hygiene through the whole Worker (outside audit): bodies that are not forms, redirect
// targets, invisible characters in text fields, and the headers and origin the Worker answers with.

const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;
const ORIGIN = "http://127.0.0.1";

async function send(path: string, init: RequestInit = {}, bindings: Partial<Env> = {}, origin = ORIGIN) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${origin}${path}`, { redirect: "manual", ...init }),
    { ...env, ASSETS: assets, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

let stallId = "";
let userCookie = "";
let moderatorCookie = "";

beforeAll(async () => {
  stallId = (await createStall(env, { name: "Ramu Pani Puri" })).shopUniqueId;
  userCookie = `nukkad_session=${(await createSignedInUser(env)).token}`;
  moderatorCookie = `nukkad_session=${(await createSignedInUser(env, { role: "moderator" })).token}`;
});

describe("page actions refuse a body that is not a form", () => {
  const PAGE_ACTIONS = [
    { path: "/auth", signedIn: false },
    { path: "/add-stall", signedIn: true },
    { path: "/complete-profile", signedIn: true },
    { path: "/bookmarks", signedIn: true },
    { path: "/reviews/STALL", signedIn: true },
    { path: "/newsletter", signedIn: false },
    { path: "/theme", signedIn: false },
    { path: "/forgot-password", signedIn: false },
    { path: "/reset-password", signedIn: false },
    { path: "/moderation", moderator: true },
    { path: "/moderation/reviews", moderator: true },
  ];
  const BODIES = [
    { kind: "JSON", type: "application/json", body: '{"email":"a@b.example"}' },
    { kind: "text/plain", type: "text/plain", body: "email=a@b.example" },
    { kind: "broken multipart", type: "multipart/form-data; boundary=x", body: "--x\r\nnot a part" },
    { kind: "no Content-Type", type: null, body: "email=a@b.example" },
  ];
  const cases = PAGE_ACTIONS.flatMap((action) => BODIES.map((body) => ({ ...action, ...body })));

  // Reproduction: curl -X POST /auth -H 'Content-Type: application/json' -d '{}' answered 500.
  it.each(cases)("POST $path with a $kind body answers 400, not 500", async (c) => {
    const cookie = c.moderator ? moderatorCookie : c.signedIn ? userCookie : null;
    const headers: Record<string, string> = { Origin: ORIGIN, Host: "127.0.0.1" };
    if (c.type) headers["Content-Type"] = c.type;
    if (cookie) headers.Cookie = cookie;
    const response = await send(c.path.replace("STALL", stallId), {
      method: "POST",
      headers,
      body: c.type ? c.body : new TextEncoder().encode(c.body),
    });
    expect(response.status).toBe(400);
  });
});

describe("search queries that are not whole text", () => {
  // Outside audit: /search?q=%ED%A0%BD (half an emoji's surrogate pair) answered 500, as did a query cut by
  // the 100-character cap inside an emoji and NUL (which ends an FTS5 string).
  it.each([
    "%ED%A0%BD",
    "chai%20%ED%A0%BD",
    `${"a".repeat(99)}${encodeURIComponent("😀")}`,
    "%00chai",
    "%E2%80%AEchai",
  ])("/search?q=%s answers 200", async (q) => {
    const response = await send(`/search?q=${q}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('aria-label="Main"');
  });
});

describe("redirect targets", () => {
  // Outside audit: /auth?redirectTo=/%09/evil.example for a signed-in user answered Location: /\t/evil.example,
  // which browsers follow to evil.example; CR, LF and NUL answered 500.
  it.each(["/%09/evil.example", "/%0A/evil.example", "/%0D%0A/evil.example", "/%00", "/..//evil.example"])(
    "/auth?redirectTo=%s sends a signed-in user home, on this site",
    async (target) => {
      const response = await send(`/auth?redirectTo=${target}`, { headers: { Cookie: userCookie } });
      expect(response.status).toBe(302);
      const location = response.headers.get("Location") ?? "";
      expect(location).toBe("/profile");
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    },
  );

  it("still brings a signed-in user back to a page of this site", async () => {
    const response = await send("/auth?redirectTo=%2Fsearch%3Fq%3Dchai", { headers: { Cookie: userCookie } });
    expect(response.headers.get("Location")).toBe("/search?q=chai");
  });
});

describe("page forms with NUL in a text field", () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    send(path, {
      method: "POST",
      headers: { Origin: ORIGIN, Host: "127.0.0.1", Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  // Outside audit: /complete-profile with a full name starting with U+0000 saved the username, then answered 500.
  it("/complete-profile answers 400 naming full_name and saves nothing", async () => {
    const { id, token } = await createSignedInUser(env);
    const response = await post("/complete-profile", `nukkad_session=${token}`, {
      full_name: "\u0000Meena",
      username: "meena_nul",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_CHARACTERS);
    const row = await env.DB.prepare("SELECT username FROM profiles WHERE user_id = ?").bind(id).first();
    expect(row).toEqual({ username: null });
  });

  it("/add-stall answers 400 naming the stall name", async () => {
    const response = await post("/add-stall", userCookie, {
      name: "\u0000Raju Momos",
      description: "Steamed momos.",
      location: "Koramangala, Bangalore",
      gps_coordinates: "(12.935200,77.624500)",
      contact_number: "+91 98765 43210",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_CHARACTERS);
  });

  it("/reviews/:id answers 400 naming the review", async () => {
    const response = await post(`/reviews/${stallId}`, userCookie, { rating: "4", body: "\u0000Crisp" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_CHARACTERS);
  });
});

describe("the origin links are built on", () => {
  // Outside audit: with APP_ORIGIN unset, og:url and e-mailed links followed the request's Host header.
  it("puts APP_ORIGIN in og:url whatever host the request names", async () => {
    const html = await (
      await send(`/stall/${stallId}`, {}, { APP_ORIGIN: "https://nukkad.example" }, "https://evil.example")
    ).text();
    expect(html).toContain(`property="og:url" content="https://nukkad.example/stall/${stallId}"`);
    expect(html).not.toContain("evil.example");
  });

  it("mails a reset link on APP_ORIGIN whatever host the request names", async () => {
    const { email } = await createSignedInUser(env);
    const response = await send(
      "/api/auth/forgot-password",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) },
      { APP_ORIGIN: "https://nukkad.example" },
      "https://evil.example",
    );
    expect(response.status).toBe(200);
    const mail = await env.DB.prepare("SELECT link FROM outbox WHERE to_address = ?")
      .bind(email)
      .first("link");
    expect(mail).toMatch(/^https:\/\/nukkad\.example\/reset-password\?token=/);
  });

  it("refuses every request in production without APP_ORIGIN, and serves them with it", async () => {
    for (const path of ["/", "/forgot-password", "/api/health"]) {
      expect((await send(path, {}, { ENVIRONMENT: "production" })).status).toBe(500);
      const configured = await send(
        path,
        {},
        { ENVIRONMENT: "production", APP_ORIGIN: "https://nukkad.example" },
      );
      expect(configured.status).toBe(200);
    }
  });
});

describe("Strict-Transport-Security", () => {
  // Outside audit: HSTS was absent.
  it("is sent on https, on pages and on the API", async () => {
    for (const path of ["/", "/api/health"]) {
      const response = await send(path, {}, {}, "https://nukkad.example");
      expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("is not sent on http://127.0.0.1", async () => {
    expect((await send("/")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});
