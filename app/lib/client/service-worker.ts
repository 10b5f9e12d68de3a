// Registers Nukkad's service worker (ADR 029) and reports a new version waiting to take over. Production builds
// only: the dev server's modules are not the build the worker precaches.
import { SKIP_WAITING } from "~/lib/client/offline-caches";

export function registerServiceWorker(onUpdate: (waiting: ServiceWorker) => void): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    // A worker already waiting (installed during an earlier page of this version) is an update too.
    if (registration.waiting && navigator.serviceWorker.controller) onUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        // With no controller this is the first install, not an update: nothing to offer.
        if (installing.state === "installed" && navigator.serviceWorker.controller) onUpdate(installing);
      });
    });
  };
  // After load, so the worker's precache downloads never compete with the page's own first load (ADR 016).
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** Lets the waiting worker take over, then reloads once it controls the page (so the page and its files match). */
export function activateUpdate(waiting: ServiceWorker): void {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage(SKIP_WAITING);
}
