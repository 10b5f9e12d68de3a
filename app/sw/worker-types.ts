import type { NotificationEvent, PushEvent } from "./push";

// The few service worker types the worker uses. The project compiles against the DOM library, whose globals clash
// with the WebWorker library's, so these are declared here instead of switching libraries for one file.

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

/** Background Sync's event: `tag` names what the page asked to be done once there is a network. */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
}
