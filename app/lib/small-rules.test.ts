import { describe, expect, it } from "vitest";
import { linkOrigin, readConfig } from "~/lib/http/config.server";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { safeRedirectPath } from "~/lib/http/redirect";
import { themeCookie, themeFromCookieHeader } from "~/lib/http/theme";
import { newsletterSchema } from "~/lib/schemas/newsletter";

describe("safeRedirectPath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/stall/abc?x=1", "/stall/abc?x=1"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
    [undefined, "/"],
    [42, "/"],
    // Outside audit: /auth?redirectTo=/%09/evil.example answered Location: /\t/evil.example, which browsers
    // follow off-site; CR, LF and NUL answered 500 (a header cannot hold them).
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["/profile\r\nSet-Cookie: x=1", "/"],
    ["/\u0000", "/"],
    ["/\u007f/evil.example", "/"],
    ["/\u0085/evil.example", "/"],
    ["\t//evil.example", "/"],
    [" //evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/./..//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["///evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/search?q=chai#top", "/search?q=chai#top"],
    ["/stall/ä", "/stall/%C3%A4"],
  ])("%j -> %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});

describe("theme cookie", () => {
  it("reads the stored preference and defaults to light", () => {
    expect(themeFromCookieHeader("a=1; nukkad-theme=dark")).toBe("dark");
    expect(themeFromCookieHeader("nukkad-theme=light")).toBe("light");
    expect(themeFromCookieHeader("nukkad-theme=purple")).toBe("light");
    expect(themeFromCookieHeader(null)).toBe("light");
  });

  it("writes a long-lived, site-wide cookie", () => {
    expect(themeCookie("dark")).toMatch(/^nukkad-theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });
});

describe("cursor", () => {
  it("round-trips and rejects garbage", () => {
    expect(decodeCursor(encodeCursor([1700000000000, 42]))).toEqual([1700000000000, 42]);
    expect(decodeCursor("not base64 !!")).toBeNull();
    expect(decodeCursor(btoa("{}"))).toBeNull();
  });
});

describe("newsletter input", () => {
  it("trims and lower-cases a valid address", () => {
    expect(newsletterSchema.parse({ email: "  Asha@Example.COM " })).toEqual({ email: "asha@example.com" });
  });

  it.each([
    {},
    { email: "" },
    { email: "not-an-email" },
    { email: 42 },
    { email: `${"a".repeat(250)}@x.in` },
  ])("rejects %j", (input) => {
    expect(newsletterSchema.safeParse(input).success).toBe(false);
  });
});

describe("readConfig", () => {
  const base = { DB: {}, KV: {}, PHOTOS: {}, ASSETS: {} } as unknown as Env;

  it("defaults to production when unset", () => {
    const config = readConfig({ ...base, ENVIRONMENT: "" as string, APP_ORIGIN: "https://nukkad.example" });
    expect(config.isProduction).toBe(true);
  });

  // Outside audit: reset and e-mail links and og:url followed the request's Host header when APP_ORIGIN was
  // unset. Production must set it; development and tests may leave it to the request.
  it("requires APP_ORIGIN in production", () => {
    expect(() => readConfig({ ...base, ENVIRONMENT: "production" })).toThrow(/APP_ORIGIN/);
    expect(() => readConfig({ ...base, ENVIRONMENT: "" as string })).toThrow(/APP_ORIGIN/);
    expect(() => readConfig({ ...base, ENVIRONMENT: "production", APP_ORIGIN: "javascript:x" })).toThrow(
      /APP_ORIGIN/,
    );
    expect(readConfig({ ...base, ENVIRONMENT: "development" }).APP_ORIGIN).toBeUndefined();
    expect(readConfig({ ...base, ENVIRONMENT: "test" }).APP_ORIGIN).toBeUndefined();
  });

  it("builds links on APP_ORIGIN, whatever the request's host", () => {
    const production = readConfig({
      ...base,
      ENVIRONMENT: "production",
      APP_ORIGIN: "https://nukkad.example/",
    });
    expect(production.APP_ORIGIN).toBe("https://nukkad.example");
    expect(linkOrigin(production, "https://evil.example/forgot-password")).toBe("https://nukkad.example");
    const local = readConfig({ ...base, ENVIRONMENT: "development" });
    expect(linkOrigin(local, "http://127.0.0.1:8787/forgot-password")).toBe("http://127.0.0.1:8787");
  });

  it("names the variable that is wrong", () => {
    expect(() => readConfig({ ...base, ENVIRONMENT: "staging" })).toThrow(/ENVIRONMENT/);
    expect(() => readConfig({ ...base, ENVIRONMENT: "development", APP_ORIGIN: "not a url" })).toThrow(
      /APP_ORIGIN/,
    );
  });
});
