import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { readPublicContentVersion } from "~/models/public-content.server";
import { createSignedInUser, createStall } from "../factories";
import { sendToWorker as send } from "../worker-fetch";

// The edge cache (ADR 017) through the whole Worker (build first): what a visitor gets twice, what a signed-in
// person never gets, and how an edit reaches the next visitor.

const cacheOutcome = (response: Response) => response.headers.get("X-Edge-Cache");
const cspNonce = (response: Response) =>
  response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];

let user: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  user = await createSignedInUser(env, { fullName: "Cache Tester" });
});

describe("a visitor's second look comes from the edge cache", () => {
  it("a stall page is rendered once, then served, with a fresh CSP nonce each time", async () => {
    const stall = await createStall(env, { name: "Edge Cache Chaat" });
    const first = await send(`/stall/${stall.shopUniqueId}`);
    expect(first.status).toBe(200);
    expect(cacheOutcome(first)).toBe("MISS");
    const firstHtml = await first.text();

    const second = await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(second)).toBe("HIT");
    const secondHtml = await second.text();
    expect(secondHtml).toContain("Edge Cache Chaat");
    // The page's inline scripts must carry the nonce this answer's policy names, or the browser refuses them.
    const nonce = cspNonce(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(cspNonce(first));
    expect(secondHtml).toContain(`nonce="${nonce}"`);
    expect(secondHtml).not.toContain(cspNonce(first));
    expect(secondHtml.replaceAll(nonce as string, "N")).toBe(
      firstHtml.replaceAll(cspNonce(first) as string, "N"),
    );
    // Nothing of the edge's freshness reaches the browser, which must not reuse an anonymous page after sign-in.
    expect(second.headers.get("Cache-Control")).toBeNull();
    expect(second.headers.get("X-Stored-Csp-Nonce")).toBeNull();
  });

  it("public API reads are cached the same way, keyed by their whole query", async () => {
    await createStall(env, { name: "Edge Cache Kulfi" });
    expect(cacheOutcome(await send("/api/search?q=kulfi"))).toBe("MISS");
    const again = await send("/api/search?q=kulfi");
    expect(cacheOutcome(again)).toBe("HIT");
    expect(JSON.stringify(await again.json())).toContain("Edge Cache Kulfi");
    expect(cacheOutcome(await send("/api/search?q=kulfi&limit=5"))).toBe("MISS");
  });

  it("a visitor with the dark theme gets their own copy, not the light one", async () => {
    const stall = await createStall(env, { name: "Edge Cache Jalebi" });
    await send(`/stall/${stall.shopUniqueId}`);
    const dark = await send(`/stall/${stall.shopUniqueId}`, { cookies: ["nukkad-theme=dark"] });
    expect(cacheOutcome(dark)).toBe("MISS");
    expect(await dark.text()).toMatch(/<html lang="en" class="dark"/);
    const light = await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(light)).toBe("HIT");
    expect(await light.text()).not.toMatch(/class="dark"/);
  });
});

describe("nothing personal is served from or kept in the cache", () => {
  it("a signed-in page is never served from the cache, even right after a visitor's copy was stored", async () => {
    const stall = await createStall(env, { name: "Edge Cache Vada" });
    await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(await send(`/stall/${stall.shopUniqueId}`))).toBe("HIT");

    const signedIn = await send(`/stall/${stall.shopUniqueId}`, {
      cookies: [`nukkad_session=${user.token}`],
    });
    expect(cacheOutcome(signedIn)).toBe("BYPASS");
    expect(await signedIn.text()).toContain("Cache Tester");
    // …and the visitor's copy that follows has none of it.
    const visitor = await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(visitor)).toBe("HIT");
    expect(await visitor.text()).not.toContain("Cache Tester");
  });

  it("a signed-in person's pages and answers tell the browser to keep none, so sign-out has none to clear", async () => {
    const stall = await createStall(env, { name: "Edge Cache Idli" });
    const session = { cookies: [`nukkad_session=${user.token}`] };
    for (const path of [
      `/stall/${stall.shopUniqueId}`,
      `/stall/${stall.shopUniqueId}.data`,
      "/bookmarks",
      "/profile",
    ]) {
      const response = await send(path, session);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // The API's answers too, the bell's count and the backup's ZIP among them.
    for (const path of ["/api/profile", "/api/notifications/unread-count", "/api/profile/export"]) {
      const api = await send(path, { headers: { Authorization: `Bearer ${user.token}` } });
      expect(api.status, path).toBe(200);
      expect(api.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // A visitor's copy of the same page says nothing of caching: it holds no one's data.
    expect((await send(`/stall/${stall.shopUniqueId}`)).headers.get("Cache-Control")).toBeNull();
  });

  it("a mangled session cookie is a visitor's request, not an error", async () => {
    const stall = await createStall(env, { name: "Edge Cache Bonda" });
    const response = await send(`/stall/${stall.shopUniqueId}`, { cookies: ["nukkad_session=%E0%A4%A"] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBeNull();
    expect(await response.text()).toContain("Edge Cache Bonda");
  });

  it("a bearer token, a write's bookmark or an unknown cookie bypass the cache", async () => {
    await send("/api/search?q=dosa");
    const bearer = await send("/api/search?q=dosa", { headers: { Authorization: `Bearer ${user.token}` } });
    expect(cacheOutcome(bearer)).toBe("BYPASS");
    const writer = await send("/api/search?q=dosa", { cookies: ["d1b=00000000-00000001"] });
    expect(cacheOutcome(writer)).toBe("BYPASS");
    const other = await send("/api/search?q=dosa", { cookies: ["someone=else"] });
    expect(cacheOutcome(other)).toBe("BYPASS");
  });

  it("private pages, writes and failures are never cached", async () => {
    for (let i = 0; i < 2; i++) expect(cacheOutcome(await send("/bookmarks"))).toBe("BYPASS");
    for (let i = 0; i < 2; i++) expect(cacheOutcome(await send("/stall/no-such-stall"))).toBe("BYPASS");
    for (let i = 0; i < 2; i++)
      expect(cacheOutcome(await send("/api/search?q=dosa", { method: "HEAD" }))).toBe("BYPASS");
  });
});

describe("an edit reaches the next visitor at once", () => {
  it("a cached stall page changes after the stall is edited", async () => {
    const stall = await createStall(env, { name: "Edge Cache Old Name" });
    await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(await send(`/stall/${stall.shopUniqueId}`))).toBe("HIT");

    await getDb(env.DB)
      .update(stalls)
      .set({ name: "Edge Cache New Name" })
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    const after = await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(after)).toBe("MISS");
    const html = await after.text();
    expect(html).toContain("Edge Cache New Name");
    expect(html).not.toContain("Edge Cache Old Name");
  });

  it("a review written through the API shows on the next visitor's copy of the stall page", async () => {
    const stall = await createStall(env, { name: "Edge Cache Review Stall" });
    await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(await send(`/stall/${stall.shopUniqueId}`))).toBe("HIT");

    const review = await send(`/api/reviews/${stall.shopUniqueId}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ rating: 4, body: "Crisp and hot, worth the queue" }),
    });
    expect(review.status).toBe(201);
    const after = await send(`/stall/${stall.shopUniqueId}`);
    expect(cacheOutcome(after)).toBe("MISS");
    expect(await after.text()).toContain("Crisp and hot, worth the queue");
  });

  it("the content version moves with what visitors see, not with pending submissions", async () => {
    const db = getDb(env.DB);
    const before = await readPublicContentVersion(db);
    const pending = await createStall(env, { name: "Edge Cache Pending", status: "pending" });
    expect(await readPublicContentVersion(db)).toBe(before);
    await db.update(stalls).set({ status: "approved" }).where(eq(stalls.shopUniqueId, pending.shopUniqueId));
    expect(await readPublicContentVersion(db)).toBeGreaterThan(before);
  });
});
