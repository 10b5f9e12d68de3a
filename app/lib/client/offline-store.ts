// What a signed-in person keeps for offline use (ADR 029), in IndexedDB through idb: their bookmarks with notes and
// ratings, their trails with the stalls in them, the last stall pages they opened, and the writes they made offline
// (offline-writes.ts). Written by offline-sync.ts when online, read by the offline page; deleted with the caches on
// sign-out (clearOfflineData), queued writes included.
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";
import { CACHE_PREFIX, FORGET, outlivesSignOut } from "~/lib/client/offline-caches";
import type { TrailView } from "~/lib/schemas/food-trail";
import type { KeptFile } from "./offline-lru";
import type { QueuedWrite } from "./write-queue";

const DB_NAME = "nukkad-offline";
/** Stall pages opened recently that stay readable offline. */
export const RECENT_STALLS = 30;

/** A stall as the offline page shows it: the fields of GET /api/shop/by-unique/:id and of a bookmark's card. */
export interface OfflineStall {
  shop_unique_id: string;
  name: string;
  location: string;
  description: string;
  thumbnail_image: string | null;
  rating_average: number | null;
  rating_count: number;
  tags: string[];
}

export interface OfflineFavourite {
  stallId: string;
  note: string | null;
  personal_rating: number | null;
  created_at: number;
  stall: OfflineStall;
}

export interface RecentStall {
  stall: OfflineStall;
  openedAt: number;
}

interface OfflineSchema extends DBSchema {
  favourites: { key: string; value: OfflineFavourite };
  trails: { key: string; value: TrailView };
  recent: { key: string; value: RecentStall; indexes: { openedAt: number } };
  photos: { key: string; value: KeptFile };
  meta: { key: string; value: { owner: string; syncedAt: number } };
  queue: { key: string; value: QueuedWrite; indexes: { createdAt: number } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

export function openOfflineDb(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore("favourites", { keyPath: "stallId" });
        db.createObjectStore("trails", { keyPath: "id" });
        db.createObjectStore("recent", { keyPath: "stall.shop_unique_id" }).createIndex(
          "openedAt",
          "openedAt",
        );
        db.createObjectStore("photos", { keyPath: "url" });
        db.createObjectStore("meta");
      }
      // Version 2: the writes made offline, replayed oldest first.
      if (oldVersion < 2)
        db.createObjectStore("queue", { keyPath: "id" }).createIndex("createdAt", "createdAt");
    },
  });
}

const META = "sync";

export async function readMeta(db: OfflineDb) {
  return (await db.get("meta", META)) ?? null;
}

export async function writeMeta(db: OfflineDb, owner: string, syncedAt: number) {
  await db.put("meta", { owner, syncedAt }, META);
}

/** Replaces the bookmarks and trails with the server's current ones in one transaction. */
export async function replaceSaved(db: OfflineDb, favourites: OfflineFavourite[], trails: TrailView[]) {
  const tx = db.transaction(["favourites", "trails"], "readwrite");
  await Promise.all([tx.objectStore("favourites").clear(), tx.objectStore("trails").clear()]);
  await Promise.all([
    ...favourites.map((favourite) => tx.objectStore("favourites").put(favourite)),
    ...trails.map((trail) => tx.objectStore("trails").put(trail)),
    tx.done,
  ]);
}

/** Keeps a stall page just opened, dropping the oldest beyond RECENT_STALLS. */
export async function rememberRecent(db: OfflineDb, stall: OfflineStall, openedAt: number) {
  await db.put("recent", { stall, openedAt });
  const keys = await db.getAllKeysFromIndex("recent", "openedAt");
  for (const key of keys.slice(0, Math.max(0, keys.length - RECENT_STALLS))) await db.delete("recent", key);
}

export interface OfflineData {
  favourites: OfflineFavourite[];
  trails: TrailView[];
  /** Newest first. */
  recent: RecentStall[];
}

export async function readOfflineData(db: OfflineDb): Promise<OfflineData> {
  const [favourites, trails, recent] = await Promise.all([
    db.getAll("favourites"),
    db.getAll("trails"),
    db.getAllFromIndex("recent", "openedAt"),
  ]);
  return {
    favourites: favourites.sort((a, b) => b.created_at - a.created_at),
    trails,
    recent: recent.reverse(),
  };
}

/**
 * Everything kept of a person for offline use (sign-out, or another person signing in): the database and every
 * Nukkad cache but the precache, which holds only build files and pages fetched without cookies, and the interface
 * language.
 */
export async function clearOfflineData(): Promise<void> {
  // The worker may be storing an answer it got for the person this moment: it stops, and empties its caches too.
  if (typeof navigator !== "undefined") navigator.serviceWorker?.controller?.postMessage(FORGET);
  await deleteDB(DB_NAME);
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && !outlivesSignOut(name)) await caches.delete(name);
  }
}

/** Whether the database exists: asking must not make an empty one where sign-out just deleted it. */
export async function offlineDbExists(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  return !("databases" in indexedDB) || (await indexedDB.databases()).some((db) => db.name === DB_NAME);
}

/** Whether anything of a person is kept offline (a visitor's recently opened stalls are public and stay). */
export async function hasOwner(): Promise<boolean> {
  if (!(await offlineDbExists())) return false;
  const db = await openOfflineDb();
  try {
    return (await readMeta(db)) !== null;
  } finally {
    db.close();
  }
}
