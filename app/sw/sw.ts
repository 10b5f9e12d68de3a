// Nukkad's service worker (docs/decisions/029-service-worker.md), bundled by scripts/lib/build-service-worker.ts
// into build/client/sw.js with the build's precache list and version. Hand-written: four small strategies, no
// library in the worker.
import {
  FORGET,
  isPrecache,
  MAX_PAGES,
  MAX_TILES,
  NETWORK_TIMEOUT_MS,
  outlivesSignOut,
  PAGES_CACHE,
  PHOTOS_CACHE,
  precacheName,
  rememberedLanguage,
  SKIP_WAITING,
  TILE_MAX_AGE_MS,
  TILES_CACHE,
} from "~/lib/client/offline-caches";
import { replayWrites, WRITES_SYNC } from "~/lib/client/offline-writes";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from "~/lib/i18n/languages";
import { handleNotificationClick, handlePush } from "./push";
import {
  chooseStrategy,
  OFFLINE_PAGE,
  offlineCopyKey,
  offlinePageFor,
  pageOfDataUrl,
  reloadDocumentPayload,
} from "./routing";
import type { WorkerScope } from "./worker-types";

declare const self: WorkerScope;
/** Filled in by the build: a hash of the precached files, and their paths. */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const PRECACHE = precacheName(__SW_VERSION__);
/** The app shell: the offline page, the manifest and its icons; the build's hashed files come with them. */
const SHELL = [OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg"];
const precached = new Set([...SHELL, ...__SW_PRECACHE__]);
const CACHED_AT = "x-nukkad-cached-at";

self.addEventListener("install", (event) => {
  // No skipWaiting here: an open page keeps the worker (and the build files) it started with until the person
  // chooses Reload in the update banner.
  // Without cookies: the shell's pages are the ones a visitor gets, so the precache holds nothing of a person and
  // outlives sign-out.
  const requests = [...precached]
    .filter((path) => path !== OFFLINE_PAGE)
    .map((path) => new Request(path, { credentials: "omit" }));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(requests);
      // The offline page once per language, asked for as a visitor whose browser prefers that language: with no
      // cookie, the server chooses by Accept-Language (ADR 019).
      for (const language of LANGUAGES) {
        const response = await fetch(OFFLINE_PAGE, {
          credentials: "omit",
          headers: { "Accept-Language": language },
        });
        if (!response.ok) throw new Error(`${OFFLINE_PAGE} answered ${response.status}`);
        await cache.put(offlineCopyKey(language), response);
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Earlier builds' precaches only: kept pages, photos and tiles stay.
      for (const name of await caches.keys()) {
        if (isPrecache(name) && name !== PRECACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Moves on at each sign-out: a page or data answer that arrives for a request made before it is not kept. */
let generation = 0;

self.addEventListener("message", (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
  if (event.data === FORGET) {
    generation += 1;
    event.waitUntil(forgetKept());
  }
});

/** Every cache but the precache (build files and pages fetched without cookies) and the interface language. */
async function forgetKept() {
  for (const name of await caches.keys()) {
    if (!outlivesSignOut(name)) await caches.delete(name);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const strategy = chooseStrategy(request, self.location.origin, precached);
  if (strategy === "network") return;
  if (strategy === "precache") event.respondWith(fromPrecache(request));
  else if (strategy === "page") event.respondWith(page(request, event));
  else if (strategy === "data") event.respondWith(data(request, event));
  else if (strategy === "photo") event.respondWith(photo(request));
  else event.respondWith(tile(request, event));
});

// Web push (ADR 028): a message becomes a notification, and a click opens its subject.
self.addEventListener("push", handlePush);
self.addEventListener("notificationclick", handleNotificationClick);

// Offline writes: the page queues a post that got no answer and asks for a Background Sync where the browser has
// one; the worker then replays the queue once there is a network, even with no page open. Writes stay "network" in
// routing.ts: the queue catches their failures, never the cache. Where Background Sync is missing, the page replays
// on its "online" event (app/components/pwa/offline-writes-banner.tsx).
self.addEventListener("sync", (event) => {
  // Writes still waiting fail the sync, so the browser tries it again later.
  if (event.tag !== WRITES_SYNC) return;
  event.waitUntil(
    replayWrites().then((left) => {
      if (left > 0) throw new Error(`${left} offline writes wait`);
    }),
  );
});

async function fromPrecache(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const key = path === OFFLINE_PAGE ? offlineCopyKey(await offlineLanguage()) : path;
  return (await caches.match(key, { cacheName: PRECACHE, ignoreVary: true })) ?? fetch(request);
}

/** The language the person's pages were last shown in, as the page noted it; English before any page did. */
async function offlineLanguage() {
  const language = await rememberedLanguage().catch(() => undefined);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The network's answer, or undefined when it failed or took longer than the timeout while a cached copy exists.
 * A late answer still refreshes the cache (`keep`), so the next visit gets it.
 */
async function networkFirst(
  request: Request,
  event: { waitUntil(promise: Promise<unknown>): void },
  hasFallback: boolean,
  keep: (response: Response) => Promise<void>,
): Promise<Response | undefined> {
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic" && !response.redirected) await keep(response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  if (!hasFallback) return network.catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  return Promise.race([network.catch(() => undefined), timeout]);
}

async function keepPage(request: Request, response: Response, since: number) {
  if (generation !== since) return;
  const cache = await caches.open(PAGES_CACHE);
  if (generation !== since) return;
  await cache.put(request.url, response);
  await trim(cache, MAX_PAGES);
}

/** The network's answer (kept for offline), else the copy kept before; undefined when there is neither. */
async function networkOrKept(request: Request, event: { waitUntil(promise: Promise<unknown>): void }) {
  const cached = await caches.match(request.url, { cacheName: PAGES_CACHE, ignoreVary: true });
  const since = generation;
  const response = await networkFirst(request, event, cached !== undefined, (copy) =>
    keepPage(request, copy, since),
  );
  return response ?? cached;
}

async function page(request: Request, event: { waitUntil(promise: Promise<unknown>): void }) {
  const answer = await networkOrKept(request, event);
  if (answer) return answer;
  const url = new URL(request.url);
  // A redirect, so the offline page's own document (and its hydration) matches the URL the browser shows.
  return Response.redirect(offlinePageFor(url.pathname + url.search), 302);
}

async function data(request: Request, event: { waitUntil(promise: Promise<unknown>): void }) {
  const answer = await networkOrKept(request, event);
  if (answer) return answer;
  const url = new URL(request.url);
  if (url.pathname === "/__manifest") return (await knownRoutes(url)) ?? new Response(null, { status: 503 });
  return new Response(reloadDocumentPayload(pageOfDataUrl(url)), {
    status: 202,
    headers: { "Content-Type": "text/x-script" },
  });
}

/**
 * Route discovery offline: every route this build's pages discovered while online, from the kept answers of the same
 * manifest version. A post queued offline (a heart on a stall page) needs its route (/bookmarks) known; Remix takes the
 * routes it lacks from this and ignores the rest.
 */
async function knownRoutes(url: URL): Promise<Response | undefined> {
  const version = url.searchParams.get("version");
  const cache = await caches.open(PAGES_CACHE);
  const routes: Record<string, unknown> = {};
  for (const key of await cache.keys()) {
    const kept = new URL(key.url);
    if (kept.pathname !== "/__manifest" || kept.searchParams.get("version") !== version) continue;
    Object.assign(routes, await (await cache.match(key))?.json().catch(() => ({})));
  }
  return Object.keys(routes).length > 0 ? Response.json(routes) : undefined;
}

async function photo(request: Request) {
  // The page stores saved stalls' photos here with their size (app/lib/client/offline-sync.ts), so the cap holds.
  return (await caches.match(request.url, { cacheName: PHOTOS_CACHE, ignoreVary: true })) ?? fetch(request);
}

async function tile(request: Request, event: { waitUntil(promise: Promise<unknown>): void }) {
  const cache = await caches.open(TILES_CACHE);
  const cached = await cache.match(request.url);
  const age = Date.now() - Number(cached?.headers.get(CACHED_AT) ?? 0);
  if (cached && age < TILE_MAX_AGE_MS) return cached;
  try {
    // CORS, not the image's no-cors: an opaque answer would count as megabytes against the storage quota.
    const response = await fetch(request.url, { mode: "cors", credentials: "omit" });
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT, String(Date.now()));
      const kept = new Response(await response.clone().blob(), { status: 200, headers });
      event.waitUntil(cache.put(request.url, kept).then(() => trim(cache, MAX_TILES)));
    }
    return response;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

/** Drops the oldest entries beyond `max` (Cache Storage lists keys in the order they were put). */
async function trim(cache: Cache, max: number) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}
