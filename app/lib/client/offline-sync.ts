// Keeps the signed-in person's offline set fresh (ADR 029): on page loads while online, at most every few minutes,
// it reads their bookmarks and trails from the API into IndexedDB, stores the pages that show them (My Food Trail,
// each saved stall's page, each trail and the editor of their own) in the worker's page cache, and their photos in
// the photo cache under its size cap. Someone else's data never stays: another account's set is deleted before the
// new one is written.

import { PAGES_CACHE, PHOTO_CAP_BYTES, PHOTOS_CACHE } from "~/lib/client/offline-caches";
import type { TrailView } from "~/lib/schemas/food-trail";
import { overCap } from "./offline-lru";
import {
  clearOfflineData,
  type OfflineDb,
  type OfflineFavourite,
  type OfflineStall,
  openOfflineDb,
  readMeta,
  rememberRecent,
  replaceSaved,
  writeMeta,
} from "./offline-store";
import { withoutReplay } from "./offline-writes";

/** How often a page load refreshes the set when the bookmarks it holds are still the page's. */
export const SYNC_EVERY_MS = 5 * 60 * 1000;
/** Trails and stall pages stored per sync: enough for a day out, not a download of the whole site. */
const MAX_TRAILS = 20;
const MAX_STALL_PAGES = 40;

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  const response = await fetch(path, { headers: { Accept: "application/json" }, signal });
  return response.ok ? ((await response.json()) as T) : null;
}

async function withDb<T>(work: (db: OfflineDb) => Promise<T>): Promise<T> {
  const db = await openOfflineDb();
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

let running: Promise<void> | null = null;
let stopRunning: AbortController | null = null;

/**
 * Refreshes the offline set when it is older than SYNC_EVERY_MS or its bookmarks are not `favouriteIds` (the ones
 * the server just listed in the page: one made here, or on another device), and always with `fresh` (writes made
 * offline have just reached the server: the kept pages show what they were before).
 */
export function syncOfflineData(favouriteIds: readonly string[], { fresh = false } = {}): Promise<void> {
  if (typeof indexedDB === "undefined" || !navigator.onLine) return Promise.resolve();
  if (!running) {
    const stop = new AbortController();
    stopRunning = stop;
    running = sync(favouriteIds, fresh, stop.signal)
      .catch((error: unknown) => {
        if (!stop.signal.aborted) throw error;
      })
      .finally(() => {
        running = null;
        stopRunning = null;
      });
  }
  return running;
}

/** Whether the server says this browser's session has ended: no answer (offline, a captive portal) is no proof. */
export async function signedOutHere(): Promise<boolean> {
  const answer = await fetch("/api/profile", {
    headers: { Accept: "application/json" },
    cache: "no-store",
  }).catch(() => null);
  return answer?.status === 401;
}

/**
 * Deletes what this device keeps of the person (signing out), writes still queued included: a sync still on its way
 * is stopped first, and a replay of the queue finishes first, so none of their writes lands after the deletion.
 */
export async function forgetOfflineData(): Promise<void> {
  stopRunning?.abort();
  await running;
  // After a replay of the write queue, never during one: its next open would make the database again, empty.
  await withoutReplay(clearOfflineData);
}

async function sync(favouriteIds: readonly string[], fresh: boolean, signal: AbortSignal) {
  const profile = await getJson<{ id: string }>("/api/profile", signal);
  if (!profile) return;
  const { meta, keptIds } = await withDb(async (db) => ({
    meta: await readMeta(db),
    keptIds: await db.getAllKeys("favourites"),
  }));
  const sameBookmarks =
    keptIds.length === favouriteIds.length && favouriteIds.every((id) => keptIds.includes(id));
  if (meta && meta.owner !== profile.id) await clearOfflineData();
  else if (!fresh && meta && sameBookmarks && Date.now() - meta.syncedAt < SYNC_EVERY_MS) return;

  const [favourites, mine] = await Promise.all([
    getJson<{ items: OfflineFavourite[] }>("/api/profile/favorites", signal),
    getJson<{ data: { id: string }[] }>(`/api/trails?list=mine&limit=${MAX_TRAILS}`, signal),
  ]);
  if (!favourites || !mine) return;
  const trails = (
    await Promise.all(mine.data.map((trail) => getJson<TrailView>(`/api/trails/${trail.id}`, signal)))
  ).filter((trail): trail is TrailView => trail !== null);
  signal.throwIfAborted();
  // The owner now, the time once the pages and photos are kept too: a sync cut short by leaving the page runs again
  // on the next load instead of counting as fresh.
  await withDb(async (db) => {
    await replaceSaved(db, favourites.items.map(toOfflineFavourite), trails);
    await writeMeta(db, profile.id, 0);
  });

  const stallIds = new Set([
    ...favourites.items.map((favourite) => favourite.stallId),
    ...trails.flatMap((trail) => trail.stops.map((stop) => stop.stall.id)),
  ]);
  const editable = trails.filter((trail) => trail.editable).map((trail) => `/food-trails/${trail.id}/edit`);
  await keepPages(signal, [
    ...writeRoutes([...stallIds][0], editable[0]),
    "/bookmarks",
    ...trails.map((trail) => `/food-trails/${trail.id}`),
    ...editable,
    ...[...stallIds].slice(0, MAX_STALL_PAGES).map((id) => `/stall/${id}`),
  ]);
  await keepPhotos(signal, [
    ...favourites.items.map((favourite) => favourite.stall.thumbnail_image),
    ...trails.flatMap((trail) => trail.stops.map((stop) => stop.stall.thumbnail_image)),
  ]);
  await withDb((db) => writeMeta(db, profile.id, Date.now()));
}

/**
 * The routes the writes queued offline post to, as Remix's route discovery asks for them: a page opened offline may
 * never have linked to them, and the worker answers discovery from these kept answers (ADR 029).
 */
function writeRoutes(stallId: string | undefined, trailEditor: string | undefined): string[] {
  const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version;
  if (!version) return [];
  const paths = [
    "/bookmarks",
    ...(stallId ? [`/stall/${stallId}/still-here`] : []),
    ...(trailEditor ? [trailEditor] : []),
  ];
  return paths.map((path) => `/__manifest?${new URLSearchParams({ p: path, version })}`);
}

/** `value` with only `keys`: what is kept offline is only what the offline page shows (a card carries much more). */
function pick<T, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

function toOfflineFavourite(favourite: OfflineFavourite): OfflineFavourite {
  return {
    ...pick(favourite, ["stallId", "note", "personal_rating", "created_at"]),
    stall: toOfflineStall(favourite.stall),
  };
}

function toOfflineStall(stall: OfflineStall): OfflineStall {
  return pick(stall, [
    "shop_unique_id",
    "name",
    "location",
    "description",
    "thumbnail_image",
    "rating_average",
    "rating_count",
    "tags",
  ]);
}

async function keepPages(signal: AbortSignal, paths: string[]) {
  if (typeof caches === "undefined") return;
  signal.throwIfAborted();
  const cache = await caches.open(PAGES_CACHE);
  for (const path of paths) {
    const response = await fetch(path, { credentials: "same-origin", signal }).catch(() => null);
    signal.throwIfAborted();
    // A redirect (signed out meanwhile, a stall gone) is not the page: keep the copy there was, if any.
    if (response?.ok && !response.redirected) await cache.put(path, response);
  }
}

async function keepPhotos(signal: AbortSignal, urls: (string | null)[]) {
  if (typeof caches === "undefined") return;
  signal.throwIfAborted();
  const cache = await caches.open(PHOTOS_CACHE);
  const now = Date.now();
  const wanted = [...new Set(urls)].filter((url): url is string => url?.startsWith("/") === true);
  await withDb(async (db) => {
    for (const url of wanted) {
      const known = await db.get("photos", url);
      if (known && (await cache.match(url))) {
        await db.put("photos", { ...known, usedAt: now });
        continue;
      }
      const response = await fetch(url, { signal }).catch(() => null);
      signal.throwIfAborted();
      if (!response?.ok) continue;
      const bytes = (await response.clone().blob()).size;
      await cache.put(url, response);
      await db.put("photos", { url, bytes, usedAt: now });
    }
    for (const url of overCap(await db.getAll("photos"), PHOTO_CAP_BYTES)) {
      await cache.delete(url);
      await db.delete("photos", url);
    }
  });
}

/** Keeps a stall page just opened readable offline, among the last RECENT_STALLS. */
export async function rememberStallPage(stallId: string): Promise<void> {
  if (typeof indexedDB === "undefined" || !navigator.onLine) return;
  const stall = await getJson<OfflineStall>(`/api/shop/by-unique/${encodeURIComponent(stallId)}`);
  if (stall) await withDb((db) => rememberRecent(db, toOfflineStall(stall), Date.now()));
}
