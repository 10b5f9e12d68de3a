// The offline write queue (ADR 029, "Offline writes"): a bookmark, note, rating or 'Still here?' answer whose post
// could not reach the server waits in IndexedDB and is sent again once there is a network: from the page on the
// "online" event and on page loads, and from the service worker on a Background Sync where the browser has it. Both
// run this module; a lock lets one replay run at a time, so a write is never sent twice at once. Loaded lazily: by a
// route's clientAction when a post fails, by the PWA shell after mount, and bundled into the worker.
import { offlineDbExists, openOfflineDb, readMeta } from "./offline-store";
import { formBody, outcomeOf, planReplay, type QueuedWrite, toQueuedWrite } from "./write-queue";

/** The Background Sync tag the worker replays the queue on. */
export const WRITES_SYNC = "nukkad-writes";
const LOCK = "nukkad-writes";
/** Where the queue tells open pages (and the worker's replay tells them) that it changed. */
export const WRITES_CHANNEL = "nukkad-writes";

export type WritesNews =
  | { kind: "queued" }
  | { kind: "replayed"; saved: number; refused: string[]; left: number };

function announce(news: WritesNews) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(WRITES_CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/**
 * Keeps a post that got no answer, for the person whose offline set this device holds (the owner the last sync
 * checked against the server). False when there is none: the post then fails as before, nothing is kept.
 */
export async function queueWrite(url: string, form: FormData, refusal: string): Promise<boolean> {
  if (!(await offlineDbExists())) return false;
  const db = await openOfflineDb();
  try {
    const meta = await readMeta(db);
    if (!meta) return false;
    await db.put(
      "queue",
      toQueuedWrite({ url, form, owner: meta.owner, refusal }, crypto.randomUUID(), Date.now()),
    );
  } finally {
    db.close();
  }
  announce({ kind: "queued" });
  await askForBackgroundSync();
  return true;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Where the browser has Background Sync, the worker replays the queue as soon as there is a network, page or not. */
async function askForBackgroundSync() {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(WRITES_SYNC);
  } catch {
    // No permission, or no worker: the page's replay on "online" does it.
  }
}

/** How many writes wait (0 without a database, which asking does not create). */
export async function queuedWriteCount(): Promise<number> {
  if (!(await offlineDbExists())) return 0;
  const db = await openOfflineDb();
  try {
    return await db.count("queue");
  } finally {
    db.close();
  }
}

async function readQueue(): Promise<QueuedWrite[]> {
  if (!(await offlineDbExists())) return [];
  const db = await openOfflineDb();
  try {
    return await db.getAll("queue");
  } finally {
    db.close();
  }
}

async function forget(ids: string[]) {
  // Signed out meanwhile: the queue went with the database, and must not come back empty.
  if (ids.length === 0 || !(await offlineDbExists())) return;
  const db = await openOfflineDb();
  try {
    await Promise.all(ids.map((id) => db.delete("queue", id)));
  } finally {
    db.close();
  }
}

interface Locks {
  request<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** Runs `work` while no replay runs, here, in other tabs or in the worker. */
export function withoutReplay<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: Locks }).locks;
  return locks ? locks.request(LOCK, work) : work();
}

/**
 * Sends the waiting writes, one replay at a time across the page, other tabs and the worker, and answers how many
 * still wait (the network went again, or the person is signed out).
 */
export function replayWrites(): Promise<number> {
  return withoutReplay(replay);
}

async function replay(): Promise<number> {
  const writes = await readQueue();
  if (writes.length === 0) return 0;
  const profile = await fetch("/api/profile", { headers: { Accept: "application/json" } }).catch(() => null);
  // Offline still, or signed out: the writes wait (signing out deletes them with the rest).
  if (!profile?.ok) return writes.length;
  const { id } = (await profile.json()) as { id: string };
  const { mine, others } = planReplay(writes, id);
  await forget(others.map((write) => write.id));
  let saved = 0;
  const refused: string[] = [];
  for (const write of mine) {
    const response = await fetch(write.url, {
      method: "POST",
      body: formBody(write),
      credentials: "same-origin",
    }).catch(() => null);
    const outcome = response ? outcomeOf(response) : "retry";
    // The ones after it wait too, so that the writes still arrive in the order they were made.
    if (!response || outcome === "retry") break;
    if (outcome === "refused") refused.push(await messageOf(response, write.refusal));
    else saved++;
    await forget([write.id]);
  }
  const left = await queuedWriteCount();
  if (saved + refused.length > 0) announce({ kind: "replayed", saved, refused, left });
  return left;
}

/** The server's own words for a refusal where it answered JSON ('Still here?'), else the write's. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  if (!response.headers.get("Content-Type")?.includes("application/json")) return fallback;
  const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof answer?.message === "string" ? answer.message : fallback;
}
