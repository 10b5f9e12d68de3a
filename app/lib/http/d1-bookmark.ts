// Read your own writes under D1 read replication (ADR 014): a request that wrote hands the browser its D1
// session's bookmark for a few minutes, and the reads of the next requests start at least that fresh.
import { cookieValue } from "./cookie";
import { setCookie } from "./set-cookie";

export const BOOKMARK_COOKIE = "d1b";

// Replicas catch up within seconds; a few minutes leaves room for a slow one and, once they have caught up,
// costs nothing.
export const BOOKMARK_MAX_AGE_SECONDS = 300;

// Bookmarks are opaque to us (today dash-separated hex, "00000000-0000000a-00000000-0000…"); this refuses only
// what cannot be one, so a forged or mangled cookie falls back to the nearest replica instead of failing.
const BOOKMARK = /^[0-9A-Za-z-]{1,128}$/;

/** The bookmark the browser's cookie holds, or null when there is none or it is not a plausible bookmark. */
export function bookmarkFromCookieHeader(cookieHeader: string | null): string | null {
  const value = cookieValue(cookieHeader, BOOKMARK_COOKIE);
  return value !== undefined && BOOKMARK.test(value) ? value : null;
}

export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return setCookie(BOOKMARK_COOKIE, bookmark, { maxAge: BOOKMARK_MAX_AGE_SECONDS, httpOnly: true, secure });
}
