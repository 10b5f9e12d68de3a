import { decodeViaTurboStream } from "@remix-run/react/dist/single-fetch.js";
import { describe, expect, it } from "vitest";
import {
  chooseStrategy,
  offlineCopyKey,
  offlinePageFor,
  pageOfDataUrl,
  reloadDocumentPayload,
} from "./routing";

const origin = "https://nukkad.example";
const precached = new Set(["/assets/entry.client-abc.js", "/offline"]);
const get = (url: string, mode = "cors") => ({ url, method: "GET", mode });

describe("chooseStrategy", () => {
  it("never caches writes or the API", () => {
    expect(
      chooseStrategy({ url: `${origin}/bookmarks`, method: "POST", mode: "navigate" }, origin, precached),
    ).toBe("network");
    expect(chooseStrategy(get(`${origin}/api/profile/favorites`), origin, precached)).toBe("network");
    expect(
      chooseStrategy({ url: `${origin}/stall/a.data`, method: "POST", mode: "cors" }, origin, precached),
    ).toBe("network");
  });

  it("answers build files and the shell from the precache", () => {
    expect(chooseStrategy(get(`${origin}/assets/entry.client-abc.js`), origin, precached)).toBe("precache");
    expect(chooseStrategy(get(`${origin}/offline`, "navigate"), origin, precached)).toBe("precache");
  });

  it("sends pages and Remix data network first", () => {
    expect(chooseStrategy(get(`${origin}/stall/abc`, "navigate"), origin, precached)).toBe("page");
    expect(chooseStrategy(get(`${origin}/stall/abc.data?_routes=root`), origin, precached)).toBe("data");
    expect(chooseStrategy(get(`${origin}/bookmarks?_data=routes%2Fbookmarks`), origin, precached)).toBe(
      "data",
    );
    expect(chooseStrategy(get(`${origin}/__manifest?p=%2Fx&version=1`), origin, precached)).toBe("data");
  });

  it("keeps no copy of sign-in, one-time links, moderation or the outbox", () => {
    for (const path of [
      "/auth",
      "/auth/oauth/google",
      "/reset-password",
      "/moderation/reviews",
      "/dev/mail",
    ]) {
      expect(chooseStrategy(get(`${origin}${path}`, "navigate"), origin, precached), path).toBe("network");
    }
    expect(chooseStrategy(get(`${origin}/moderation.data`), origin, precached)).toBe("network");
  });

  it("knows photos and OpenStreetMap tiles, and leaves other origins alone", () => {
    expect(chooseStrategy(get(`${origin}/photos/k1`, "no-cors"), origin, precached)).toBe("photo");
    expect(
      chooseStrategy(get("https://b.tile.openstreetmap.org/3/4/2.png", "no-cors"), origin, precached),
    ).toBe("tile");
    expect(chooseStrategy(get("https://tile.openstreetmap.org.evil.test/3/4/2.png"), origin, precached)).toBe(
      "network",
    );
    expect(chooseStrategy(get("https://example.com/x.js"), origin, precached)).toBe("network");
  });
});

describe("data URLs and the offline page", () => {
  it("finds the page a data request belongs to", () => {
    expect(pageOfDataUrl(new URL(`${origin}/stall/abc.data?_routes=routes%2Fstall.%24id`))).toBe(
      "/stall/abc",
    );
    expect(pageOfDataUrl(new URL(`${origin}/_root.data`))).toBe("/");
    expect(pageOfDataUrl(new URL(`${origin}/search.data?q=chaat&_routes=x`))).toBe("/search?q=chaat");
  });

  it("names the page it stands in for", () => {
    expect(offlinePageFor("/food-trails/t1?x=1")).toBe("/offline?from=%2Ffood-trails%2Ft1%3Fx%3D1");
    // One precached copy per language, none of them the URL a person opens.
    expect(offlineCopyKey("hi")).toBe("/offline?lang=hi");
    expect(chooseStrategy(get(`${origin}/offline?from=%2Ffeed`, "navigate"), origin, precached)).toBe(
      "precache",
    );
  });

  it("writes a reload redirect Remix's own decoder reads", async () => {
    const body = new Response(reloadDocumentPayload('/stall/a"b')).body as ReadableStream<Uint8Array>;
    const decoded = await decodeViaTurboStream(body, globalThis as unknown as Window);
    const [redirect] = Object.getOwnPropertySymbols(decoded.value).map(
      (symbol) => (decoded.value as Record<symbol, unknown>)[symbol],
    );
    expect(redirect).toEqual({
      redirect: '/stall/a"b',
      status: 302,
      revalidate: false,
      reload: true,
      replace: true,
    });
  });
});
