import { useEffect, useRef } from "react";

/** The API's count; answers { count } and is never cached. */
const UNREAD_COUNT_URL = "/api/notifications/unread-count";
/** Focus and visibilitychange fire together when a tab comes back: one read serves both. */
const REFRESH_GAP_MS = 2_000;

/** A count read from the API, and the root data that was current when it was asked for. */
export interface CountRead {
  after: unknown;
  count: number;
}

/**
 * Reads the unread count again when a signed-in person comes back to the tab. Mounted after hydration: nothing of
 * it is drawn.
 */
export function UnreadCountRefresh({ root, onRead }: { root: unknown; onRead: (read: CountRead) => void }) {
  const latestRoot = useRef(root);
  latestRoot.current = root;
  useEffect(() => {
    let last = 0;
    const refresh = () => {
      if (document.visibilityState !== "visible" || Date.now() - last < REFRESH_GAP_MS) return;
      last = Date.now();
      // An answer that arrives after the root loaded again is older than it, and is dropped.
      const after = latestRoot.current;
      fetch(UNREAD_COUNT_URL, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ count?: unknown }>) : null))
        .then((body) => {
          if (typeof body?.count === "number") onRead({ after, count: body.count });
        })
        // Offline or signed out elsewhere: the count shown stays until the next page.
        .catch(() => undefined);
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [onRead]);
  return null;
}
