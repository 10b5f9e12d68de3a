// Web push in the page (issue 23, ADR 028): whether this browser can take pushes, and turning them on or off for it.
// The server keeps one subscription per browser (/api/push/subscription); the service worker (app/sw/push.ts)
// shows what arrives.

export type PushState =
  /** No Notification or PushManager, no service worker registered, or the server has no VAPID key. */
  | "unsupported"
  /** The person blocked notifications for the site: only the browser's settings can undo that. */
  | "denied"
  | "off"
  | "on";

/**
 * The service worker's registration. With `untilInstalled`, one this first visit is still installing too, however
 * long that takes: its install fetches the whole app for offline use, which took 13 s on a loaded CI machine, and a
 * cap of 10 s hid the push offer for the rest of that visit. The caller shows nothing while it waits, as it would
 * with no worker at all.
 */
async function registration(untilInstalled = false): Promise<ServiceWorkerRegistration | null> {
  if (!("Notification" in window) || !("PushManager" in window) || !("serviceWorker" in navigator))
    return null;
  const registered = await navigator.serviceWorker.getRegistration();
  if (registered || !untilInstalled) return registered ?? null;
  return navigator.serviceWorker.ready;
}

/** Where this browser stands (once a worker this visit is installing is ready). */
export async function pushState(): Promise<PushState> {
  const worker = await registration(true);
  if (!worker) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await worker.pushManager.getSubscription()) ? "on" : "off";
}

async function publicKey(): Promise<string | null> {
  const response = await fetch("/api/push/key");
  if (!response.ok) return null;
  return ((await response.json()) as { key: string }).key;
}

/** The key as PushManager wants it: the raw bytes of the base64url text. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const binary = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Turns push on for this browser (asking for permission, so call it from a click) and tells the server; answers
 * the state it ends in. A refused permission answers "denied" or "off".
 */
export async function turnOnPush(): Promise<PushState> {
  const worker = await registration();
  const key = worker ? await publicKey() : null;
  if (!worker || !key) return "unsupported";
  let subscription: PushSubscription;
  try {
    subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  } catch (error) {
    // The person said no (NotAllowedError), or the push service could not be reached.
    if (Notification.permission === "denied") return "denied";
    throw error;
  }
  const { endpoint, keys } = subscription.toJSON();
  const saved = await fetch("/api/push/subscription", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint, keys }),
  });
  if (!saved.ok) {
    // A browser subscribed that the server does not know would stay silent forever: take it back.
    await subscription.unsubscribe();
    throw new Error(`The server answered ${saved.status}`);
  }
  return "on";
}

/** Turns push off for this browser, on the server and in the browser. */
export async function turnOffPush(): Promise<PushState> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return worker ? "off" : "unsupported";
  const removed = await fetch("/api/push/subscription", {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  });
  if (!removed.ok && removed.status !== 401) throw new Error(`The server answered ${removed.status}`);
  await subscription.unsubscribe();
  return "off";
}

/**
 * Signing out: this browser stops taking the person's pushes, so the next person on the device never sees theirs.
 * The browser's subscription goes (its push service then answers 410 and the server forgets it, even where the
 * DELETE below is too late for the session), and the server is told at once while the session still holds.
 */
export async function forgetPush(): Promise<void> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  void fetch("/api/push/subscription", {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
    keepalive: true,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

const OFFERED_KEY = "nukkad:push-offered";

/** Whether the after-follow offer may be shown: once per browser, only while push is simply off. */
export async function mayOfferPush(): Promise<boolean> {
  try {
    if (localStorage.getItem(OFFERED_KEY)) return false;
  } catch {
    return false;
  }
  if ((await pushState()) !== "off" || Notification.permission !== "default") return false;
  return (await publicKey()) !== null;
}

export function rememberPushOffered(): void {
  try {
    localStorage.setItem(OFFERED_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: the offer may come again, which is harmless.
  }
}
