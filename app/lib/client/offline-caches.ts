// The worker's cache names and limits, shared with the page (which stores saved stalls' pages and photos) and with
// sign-out (which empties them all). A new build renames only the precache: pages, photos and tiles outlive updates.

export const CACHE_PREFIX = "nukkad-";
export const PAGES_CACHE = `${CACHE_PREFIX}pages`;
export const PHOTOS_CACHE = `${CACHE_PREFIX}photos`;
export const TILES_CACHE = `${CACHE_PREFIX}tiles`;
export const precacheName = (version: string) => `${CACHE_PREFIX}precache-${version}`;
export const isPrecache = (name: string) => name.startsWith(`${CACHE_PREFIX}precache-`);
/**
 * The interface language the pages were last shown in (written by the page, read by the worker to choose its offline
 * page's language). Like the language cookie, it outlives sign-out: it holds "en" or "hi", nothing of a person.
 */
export const LANGUAGE_CACHE = `${CACHE_PREFIX}language`;
export const LANGUAGE_KEY = "/__language";
/** Notes the language the pages are shown in, for the worker's offline page (ADR 034). */
export async function rememberLanguage(language: string): Promise<void> {
  if (typeof caches === "undefined") return;
  await (await caches.open(LANGUAGE_CACHE)).put(LANGUAGE_KEY, new Response(language));
}

/** The language the pages were last shown in, if a page noted one. */
export async function rememberedLanguage(): Promise<string | undefined> {
  return (await caches.match(LANGUAGE_KEY, { cacheName: LANGUAGE_CACHE }))?.text();
}

/** Caches sign-out leaves: build files, visitors' pages fetched without cookies, and the interface language. */
export const outlivesSignOut = (name: string) => isPrecache(name) || name === LANGUAGE_CACHE;

/** Pages kept from browsing, newest first; the offline set the page stores itself counts too. */
export const MAX_PAGES = 120;
/** Tiles already viewed, oldest dropped first (the OSM tile usage policy allows keeping viewed tiles, no prefetch). */
export const MAX_TILES = 500;
/** How long a kept tile is used before asking the tile server again (OSM asks for at least 7 days of caching). */
export const TILE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** Saved stalls' photos, least recently needed dropped first. */
export const PHOTO_CAP_BYTES = 50 * 1024 * 1024;
/** A page or data request slower than this is answered from the cache when it can be. */
export const NETWORK_TIMEOUT_MS = 3000;

/** Messages between the page and the worker. */
export const SKIP_WAITING = "SKIP_WAITING";
/** Signing out: the worker stores nothing more from requests it had under way, and empties its caches. */
export const FORGET = "FORGET";
