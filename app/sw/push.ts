// Web push in the service worker (issue 23, ADR 028): a message from the server (app/lib/push/web-push.ts,
// PushContent) becomes a notification; clicking it opens what it is about in a Nukkad tab. The worker's own types
// are declared here, as app/sw/worker-types.ts does for the rest (the DOM library the project compiles against
// lacks them).

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

interface PushWorkerScope {
  readonly location: Location;
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
}

declare const self: PushWorkerScope;

const ICON = "/icons/icon-192.png";
const FALLBACK_PATH = "/notifications";

/**
 * The notification a push message asks for. Anything malformed still shows something (a push the worker shows
 * nothing for costs the site its permission in some browsers), and only a path on this origin is ever opened.
 */
export function notificationFor(
  message: unknown,
  origin: string,
): { title: string; options: NotificationOptions & { data: { url: string } } } {
  const fields = typeof message === "object" && message !== null ? (message as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    title: text(fields.title) || "Nukkad",
    options: {
      body: text(fields.body),
      icon: ICON,
      badge: ICON,
      ...(text(fields.tag) ? { tag: text(fields.tag) } : {}),
      data: { url: samePath(fields.url, origin) },
    },
  };
}

/** A same-origin path to open, or the inbox: a message never sends anyone off the site. */
export function samePath(url: unknown, origin: string): string {
  if (typeof url !== "string") return FALLBACK_PATH;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : FALLBACK_PATH;
  } catch {
    return FALLBACK_PATH;
  }
}

function readMessage(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

/** `push`: shows the message as a notification. */
export function handlePush(event: PushEvent): void {
  const { title, options } = notificationFor(readMessage(event), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
}

/** `notificationclick`: an open Nukkad tab is focused and taken to the subject; with none, a window opens on it. */
export function handleNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const origin = self.location.origin;
  const path = samePath((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === origin);
      if (tab) {
        await tab.focus();
        // navigate() works only for a tab this worker controls; any other is left focused and a window opens.
        if (await tab.navigate(path).catch(() => null)) return;
      }
      await self.clients.openWindow(path);
    })(),
  );
}
