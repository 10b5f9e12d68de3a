// Which of the service worker's strategies answers a request (docs/decisions/029-service-worker.md). Pure, so the
// rules are tested without a browser: everything not named here goes to the network untouched.

export type Strategy =
  /** Hashed build files and the app shell: from the precache, else the network. */
  | "precache"
  /** A page (HTML navigation): network first with a short timeout, then the cached copy, then the offline page. */
  | "page"
  /** Remix data (`.data` in single fetch, `?_data=`) and route discovery: network first, then the cached copy. */
  | "data"
  /** Photos of saved stalls: from the photo cache when the page stored them there, else the network. */
  | "photo"
  /** OpenStreetMap tiles: the ones already viewed, kept with a cap. */
  | "tile"
  | "network";

export const TILE_HOST = /^https:\/\/([a-c]\.)?tile\.openstreetmap\.org$/;

/**
 * Pages never kept for offline use: signing in and out, one-time links, the moderators' queues and the local
 * outbox. Their answers change with every visit or must not outlive it.
 */
const UNCACHED_PAGES =
  /^\/(auth|signout|forgot-password|reset-password|confirm-email|confirm-email-change|newsletter|moderation|dev|complete-profile)(\/|$|\.|_)/;

export function chooseStrategy(
  request: { url: string; method: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): Strategy {
  // Writes (and the API as a whole) always reach the server: a queue for offline writes comes later, never a cache.
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return TILE_HOST.test(url.origin) ? "tile" : "network";
  const path = url.pathname;
  if (path.startsWith("/api/") || path === "/sw.js") return "network";
  if (precached.has(path)) return "precache";
  if (path.startsWith("/photos/") || path.startsWith("/stalls/")) return "photo";
  if (UNCACHED_PAGES.test(path)) return "network";
  if (request.mode === "navigate") return "page";
  if (path.endsWith(".data") || url.searchParams.has("_data") || path === "/__manifest") return "data";
  return "network";
}

/** The page a Remix data URL belongs to: `/stall/abc.data?_routes=x` → `/stall/abc`, `/_root.data` → `/`. */
export function pageOfDataUrl(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("_data");
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const OFFLINE_PAGE = "/offline";

/**
 * Where the precache keeps the offline page in `language`: one copy per interface language, so a person offline
 * reads it in the language they chose (ADR 034).
 */
export function offlineCopyKey(language: string): string {
  return `${OFFLINE_PAGE}?lang=${language}`;
}

/** The offline page, told which page could not be opened so it can show that page's saved data. */
export function offlinePageFor(path: string): string {
  return `${OFFLINE_PAGE}?from=${encodeURIComponent(path)}`;
}

/**
 * What Remix's single fetch reads as "reload the document at `location`" (a redirect with reload set), in its
 * turbo-stream encoding. A data request that can be answered neither by the network nor the cache gets this, so the
 * browser opens that page as a document: the worker then serves its cached copy or the offline page, instead of
 * the route's error boundary.
 */
export function reloadDocumentPayload(location: string): string {
  return `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":9},"redirect",${JSON.stringify(location)},"status",302,"revalidate",false,"reload",true,"replace"]\n`;
}
