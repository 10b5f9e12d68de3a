import { describe, expect, it } from "vitest";
import { bookmarkCookie, bookmarkFromCookieHeader } from "~/lib/http/d1-bookmark";

const BOOKMARK = "0000004d-0000000b-00004f5a-6f1e8a2b4c3d5e6f7a8b9c0d1e2f3a4b";

describe("the D1 bookmark cookie", () => {
  it("reads the bookmark among other cookies", () => {
    expect(bookmarkFromCookieHeader(`d1b=${BOOKMARK}`)).toBe(BOOKMARK);
    expect(bookmarkFromCookieHeader(`nukkad_session=abc; d1b=${BOOKMARK}; nukkad-theme=dark`)).toBe(BOOKMARK);
  });

  it("is absent without the cookie, and a cookie merely ending in d1b is not it", () => {
    expect(bookmarkFromCookieHeader(null)).toBeNull();
    expect(bookmarkFromCookieHeader("nukkad-theme=dark")).toBeNull();
    expect(bookmarkFromCookieHeader(`xd1b=${BOOKMARK}`)).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["markup", "<script>alert(1)</script>"],
    ["quotes and spaces", '"0000 0001"'],
    ["an encoded value", "0000%2D0001"],
    ["absurdly long", "0".repeat(129)],
  ])("refuses a value that cannot be a bookmark (%s)", (_, value) => {
    expect(bookmarkFromCookieHeader(`d1b=${value}`)).toBeNull();
  });

  it("is HttpOnly, SameSite=Lax, site-wide and short-lived; Secure when asked", () => {
    const cookie = bookmarkCookie(BOOKMARK, false);
    expect(cookie).toBe(`d1b=${BOOKMARK}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax`);
    expect(bookmarkCookie(BOOKMARK, true)).toBe(`${cookie}; Secure`);
    expect(bookmarkFromCookieHeader(cookie.split(";")[0] ?? "")).toBe(BOOKMARK);
  });
});
