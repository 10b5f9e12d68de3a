// Any fixed origin does: a target is ours when resolving it against an origin keeps that origin.
const PROBE_ORIGIN = "https://nukkad.invalid";
// The URL parser drops tabs and newlines ("/\t/evil.example" becomes "//evil.example") and a header cannot
// hold CR, LF or NUL, so no control character is accepted at all.
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Only same-site paths may be redirect targets: "/x" yes; "//evil.com", "https://...", "/\\evil", "/\t/evil"
 * and "/..//evil" no. The answer is the parsed path, so the Location header says exactly what was checked.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.includes("\\") ||
    CONTROL_CHARACTER.test(target)
  ) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  // A path that normalises to "//host" would leave the site once sent back as a Location.
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
