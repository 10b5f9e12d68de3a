import { describe, expect, it } from "vitest";
import { edgeCacheKey, isStorable, planEdgeCache } from "./edge-cache";

const request = (path: string, init: RequestInit = {}) => new Request(`https://nukkad.example${path}`, init);

describe("planEdgeCache", () => {
  it("caches an anonymous GET of a public page, its .data twin and the public API reads", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/discover",
      "/search?q=dosa",
      "/search.data?q=dosa",
      "/stall/abc123",
      "/stall/abc123.data",
      "/api/search?q=chai",
      "/api/search/suggest?q=ch",
      "/api/shop?limit=20",
      "/api/shop/by-unique/abc123",
      "/api/reviews/abc123",
      "/api/tags",
      "/food-trails",
      "/food-trails/trail123",
      "/food-trails/trail123.data",
      "/api/trails?list=curated",
      "/api/trails/trail123",
      "/map",
      "/help?q=trail",
      "/privacy",
    ])
      expect(planEdgeCache(request(path)).cacheable, path).toBe(true);
  });

  it("never caches private pages, writes, HEAD, or a request that carries a person", () => {
    for (const path of [
      "/bookmarks",
      "/profile",
      "/moderation",
      "/api/profile",
      "/stall/abc/community",
      "/auth",
      "/food-trails/trail123/edit",
      "/settings",
      "/settings/account",
      "/contact",
    ])
      expect(planEdgeCache(request(path)).cacheable, path).toBe(false);
    expect(planEdgeCache(request("/search", { method: "POST" })).cacheable).toBe(false);
    expect(planEdgeCache(request("/search", { method: "HEAD" })).cacheable).toBe(false);
    const withHeaders = (headers: Record<string, string>) => planEdgeCache(request("/search", { headers }));
    expect(withHeaders({ Authorization: "Bearer x" }).cacheable).toBe(false);
    expect(withHeaders({ Cookie: "nukkad_session=abc" }).cacheable).toBe(false);
    expect(withHeaders({ Cookie: "d1b=0000-0001" }).cacheable).toBe(false);
    expect(withHeaders({ Cookie: "nukkad-theme=dark; tracking=1" }).cacheable).toBe(false);
  });

  // What a page shows that differs by visitor is in the variant; the rest of the cookies are not.
  it.each([
    [
      "the theme, so dark and light visitors each get their own page",
      "/",
      { Cookie: "nukkad-theme=dark" },
      "locale=en-IN;nukkad-theme=dark;nukkad-lang=;nukkad-units=;nukkad-city=",
    ],
    [
      "the visitor's locale, since dates and times are written in it",
      "/stall/abc",
      { "Accept-Language": "en-US,en;q=0.8" },
      "locale=en-US;nukkad-theme=;nukkad-lang=;nukkad-units=;nukkad-city=",
    ],
    [
      "the chosen language",
      "/",
      { Cookie: "nukkad-lang=hi" },
      "locale=en-IN;nukkad-theme=;nukkad-lang=hi;nukkad-units=;nukkad-city=",
    ],
    [
      "the distance unit and the default city: every page's root data carries them",
      "/stall/abc",
      { Cookie: "nukkad-units=mi; nukkad-city=delhi" },
      "locale=en-IN;nukkad-theme=;nukkad-lang=;nukkad-units=mi;nukkad-city=delhi",
    ],
  ])("keeps in the variant %s", (_what, path, headers, variant) => {
    expect(planEdgeCache(request(path, { headers }))).toEqual({ cacheable: true, variant });
  });

  it("keys Discover by the last map area, and ignores that cookie on every other page", () => {
    const headers = { Cookie: "nukkad-area=12.9716,77.5946,13" };
    expect(planEdgeCache(request("/discover", { headers }))).toEqual({
      cacheable: true,
      variant:
        "locale=en-IN;nukkad-theme=;nukkad-lang=;nukkad-units=;nukkad-city=;nukkad-area=12.9716,77.5946,13",
    });
    expect(planEdgeCache(request("/stall/abc", { headers }))).toEqual({
      cacheable: true,
      variant: "locale=en-IN;nukkad-theme=;nukkad-lang=;nukkad-units=;nukkad-city=",
    });
  });

  it("still serves public pages from the cache to someone who has watched reels (the playback cookie)", () => {
    const headers = { Cookie: "nukkad-playback=reduce-motion" };
    expect(planEdgeCache(request("/stall/abc", { headers }))).toEqual({
      cacheable: true,
      variant: "locale=en-IN;nukkad-theme=;nukkad-lang=;nukkad-units=;nukkad-city=",
    });
  });
});

describe("edgeCacheKey", () => {
  it("holds the whole URL, the content version and the variant", () => {
    const key = new URL(edgeCacheKey("https://nukkad.example/search?q=dosa", 42, "nukkad-theme=dark").url);
    expect(key.pathname).toBe("/search");
    expect(key.searchParams.get("q")).toBe("dosa");
    expect(key.searchParams.get("__content")).toBe("42");
    expect(key.searchParams.get("__variant")).toBe("nukkad-theme=dark");
    expect(edgeCacheKey("https://nukkad.example/search?q=dosa", 43, "").url).not.toBe(
      edgeCacheKey("https://nukkad.example/search?q=dosa", 42, "").url,
    );
  });
});

describe("isStorable", () => {
  it("keeps only a plain 200 that sets no cookie and is not marked private", () => {
    expect(isStorable(new Response("ok"))).toBe(true);
    expect(isStorable(new Response("gone", { status: 404 }))).toBe(false);
    expect(isStorable(new Response(null, { status: 302, headers: { Location: "/" } }))).toBe(false);
    expect(isStorable(new Response("ok", { headers: { "Set-Cookie": "a=b" } }))).toBe(false);
    expect(isStorable(new Response("ok", { headers: { "Cache-Control": "private, max-age=0" } }))).toBe(
      false,
    );
    expect(isStorable(new Response("ok", { headers: { "Cache-Control": "no-store" } }))).toBe(false);
  });
});
