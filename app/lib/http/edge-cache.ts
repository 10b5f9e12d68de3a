// What the Worker may answer from the edge cache, and under which key (ADR 017). Only what every anonymous visitor
// sees alike is cached: a request that carries anything of a person (a session, a bearer token, a write's D1
// bookmark, or a cookie this module does not know) is never looked up and never stored.
import { readSessionToken } from "~/lib/auth/session-token";
import { LANGUAGE_COOKIE } from "~/lib/i18n/languages";
import { chooseLocale } from "~/lib/rules/time-format";
import { AREA_COOKIE } from "./discover-area";
import { PLAYBACK_COOKIE } from "./playback";
import { HOME_CITY_COOKIE, UNITS_COOKIE } from "./preferences";
import { THEME_COOKIE } from "./theme";

/** How long a cached answer is served. Edits reach visitors at once (the key holds the content version); this
 * bounds only what changes with the clock, such as "Open now". */
export const EDGE_CACHE_SECONDS = 60;

// Public reads: the pages anyone can open (and their single-fetch `.data` twins) and the API's public reads.
const PUBLIC_PATHS = [
  /^\/(?:_root|_index)?(?:\.data)?$/,
  /^\/(?:discover|search)(?:\.data)?$/,
  /^\/stall\/[^/]+?(?:\.data)?$/,
  /^\/(?:food-trails|map|help|privacy)(?:\.data)?$/,
  // A trail's page; the editor (/food-trails/new, /edit) only redirects visitors, and a redirect is never stored.
  /^\/food-trails\/[^/]+?(?:\.data)?$/,
  /^\/api\/(?:search|search\/suggest|categories|tags|shop)\/?$/,
  /^\/api\/shop\/by-unique\/[^/]+$/,
  /^\/api\/reviews\/[^/]+$/,
  /^\/api\/trails(?:\/[^/]+)?$/,
];

// Cookies that change how public pages look without saying who a visitor is: part of the key where they change
// the page (the theme, language, distance unit and default city everywhere, since every page carries them in its
// root data; the last map area on Discover; the video settings on the reels pages, which are never cached), known
// and harmless elsewhere.
const RENDERING_COOKIES = [
  { name: THEME_COOKIE, shapes: /^/ },
  { name: LANGUAGE_COOKIE, shapes: /^/ },
  { name: UNITS_COOKIE, shapes: /^/ },
  { name: HOME_CITY_COOKIE, shapes: /^/ },
  { name: AREA_COOKIE, shapes: /^\/discover(?:\.data)?$/ },
  { name: PLAYBACK_COOKIE, shapes: /^\/reels(?:\/|\.data|$)/ },
];

export type EdgeCachePlan = { cacheable: false } | { cacheable: true; variant: string };

/** Whether this request may be answered from (and stored in) the edge cache, and the variant of the page it gets. */
export function planEdgeCache(request: Request): EdgeCachePlan {
  const url = new URL(request.url);
  if (request.method !== "GET" || request.headers.has("Authorization")) return { cacheable: false };
  if (!PUBLIC_PATHS.some((path) => path.test(url.pathname))) return { cacheable: false };
  const cookies = parseCookies(request.headers.get("Cookie"));
  // An unknown cookie may belong to a person (a session, a bookmark, whatever comes next): safe means no cache.
  const known = RENDERING_COOKIES.map((cookie) => cookie.name);
  if ([...cookies.keys()].some((name) => !known.includes(name))) return { cacheable: false };
  const shaping = RENDERING_COOKIES.filter((cookie) => cookie.shapes.test(url.pathname));
  // Without the cookie, Accept-Language chooses the page's language and the locale of its dates: part of the page.
  const variant = [
    `locale=${chooseLocale(request.headers.get("Accept-Language"))}`,
    ...shaping.map(({ name }) => `${name}=${cookies.get(name) ?? ""}`),
  ].join(";");
  return { cacheable: true, variant };
}

/** Whether the request speaks for a person (a session cookie or a bearer token), so its answer may hold their data. */
export function speaksForPerson(request: Request): boolean {
  return readSessionToken(request.headers) !== null;
}

/** The cache key: the request's URL, the public content version it was rendered from, and its variant. */
export function edgeCacheKey(requestUrl: string, contentVersion: number, variant: string): Request {
  const url = new URL(requestUrl);
  url.searchParams.set("__content", String(contentVersion));
  url.searchParams.set("__variant", variant);
  return new Request(url.toString(), { method: "GET" });
}

/** Whether an answer may be kept for other visitors: a plain success that sets nothing on the browser. */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  return !/\b(?:private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "");
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name) cookies.set(name, value.join("="));
  }
  return cookies;
}
