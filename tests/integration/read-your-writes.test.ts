import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "~/lib/http/d1-bookmark";
import { bookmarkCookieFor, createRequestContext } from "~/request/context.server";
import worker from "../../workers/app";
import { createSignedInUser, createStall } from "../factories";

// Read your own writes (ADR 014), through the whole Worker (build first) against local D1. Local D1 has no
// replicas, so these tests prove the plumbing (who gets the bookmark cookie, that a later request opens its
// session from it, that a bad cookie is ignored), not that a lagging replica waits for the bookmark.
const assets = { fetch: async () => new Response("no such file", { status: 404 }) } as unknown as Fetcher;

async function send(path: string, init: RequestInit & { cookies?: string[] } = {}) {
  const { cookies = [], ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Origin", "http://127.0.0.1");
  headers.set("Host", "127.0.0.1");
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1${path}`, { ...rest, headers, redirect: "manual" }),
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** The d1b cookie a response sets, as the browser would send it back ("d1b=…"), or undefined. */
const bookmarkSet = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(";")[0];

function heart(token: string, stallId: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ intent: "favourite", stallId, favourited: "true" }))
    body.append(name, value);
  return send("/bookmarks.data", { method: "POST", body, cookies: [`nukkad_session=${token}`] });
}

let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  user = await createSignedInUser(env);
});

describe("a writer reads their own writes", () => {
  it("a heart answers with the bookmark cookie, and My Food Trail read with it shows the stall", async () => {
    const stall = await createStall(env, { name: "Bookmark Bhel Corner" });
    const written = await heart(user.token, stall.shopUniqueId);
    expect(written.status).toBe(200);
    const setCookie = written.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(setCookie).toMatch(/^d1b=[0-9a-f-]+; Path=\/; Max-Age=300; HttpOnly; SameSite=Lax$/);

    const trail = await send("/bookmarks", {
      cookies: [`nukkad_session=${user.token}`, bookmarkSet(written) as string],
    });
    expect(trail.status).toBe(200);
    expect(await trail.text()).toContain("Bookmark Bhel Corner");
    // A read hands nothing on: the cookie the write set simply runs out.
    expect(bookmarkSet(trail)).toBeUndefined();
  });

  it("the API's writes do the same: PUT /api/profile/favorites, then GET with the cookie", async () => {
    const stall = await createStall(env, { name: "Bookmark Momo Cart" });
    const auth = { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" };
    const written = await send("/api/profile/favorites", {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ stallId: stall.shopUniqueId, favourited: true }),
    });
    expect(written.status).toBe(200);
    const cookie = bookmarkSet(written);
    expect(cookie).toMatch(/^d1b=[0-9a-f-]+$/);

    const read = await send("/api/profile/favorites", { headers: auth, cookies: [cookie as string] });
    expect(read.status).toBe(200);
    const { items } = (await read.json()) as { items: { stallId: string }[] };
    expect(items.map((item) => item.stallId)).toContain(stall.shopUniqueId);
  });

  it("a later request opens its D1 session from the cookie's bookmark, and from nothing else", () => {
    const post = (cookie: string) =>
      new Request("http://127.0.0.1/bookmarks", { method: "POST", headers: { Cookie: cookie } });
    const bookmark = "00000000-00000001-00000000-00000000000000000000000000000000";
    // No query has run yet, so the session's bookmark is still the one it was opened from.
    const carried = post(`${BOOKMARK_COOKIE}=${bookmark}`);
    expect(bookmarkCookieFor(carried, createRequestContext(carried, env))).toContain(
      `${BOOKMARK_COOKIE}=${bookmark};`,
    );

    const forged = post(`${BOOKMARK_COOKIE}=<script>`);
    expect(bookmarkCookieFor(forged, createRequestContext(forged, env))).toBeNull();
  });
});

describe("everyone else reads from the nearest replica", () => {
  it("a visitor's GETs set no bookmark cookie", async () => {
    for (const path of ["/", "/search?q=chai", "/api/search?q=chai"]) {
      const response = await send(path);
      expect(response.status, path).toBe(200);
      expect(bookmarkSet(response), path).toBeUndefined();
    }
  });

  it("a garbage cookie is ignored: pages and the API still answer, and a write replaces it", async () => {
    const garbage = `${BOOKMARK_COOKIE}=${"%3Cscript%3E".repeat(50)}`;
    expect((await send("/", { cookies: [garbage] })).status).toBe(200);
    expect((await send("/api/search?q=chai", { cookies: [garbage] })).status).toBe(200);

    const stall = await createStall(env);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: "favourite",
      stallId: stall.shopUniqueId,
      favourited: "true",
    }))
      body.append(name, value);
    const written = await send("/bookmarks.data", {
      method: "POST",
      body,
      cookies: [`nukkad_session=${user.token}`, garbage],
    });
    expect(written.status).toBe(200);
    expect(bookmarkSet(written)).toMatch(/^d1b=[0-9a-f-]+$/);
  });
});
