import { useRouteLoaderData } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";

// The bell's unread count (issue 20): the root loader reads it from KV on every page a signed-in person loads, which
// covers every write they make (Remix loads the root again after each action). What others do meanwhile is read
// when the person comes back to the tab, from the API's count, without loading the page again.

/** The API's count; answers { count } and is never cached. */
export const UNREAD_COUNT_URL = "/api/notifications/unread-count";
/** Focus and visibilitychange fire together when a tab comes back: one read serves both. */
const REFRESH_GAP_MS = 2_000;

const UnreadCount = createContext<number | null>(null);

export function UnreadCountProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<{ unreadNotifications?: number | null }>("root");
  // A count read on coming back holds until the root loads again (a navigation, the reload after a write), whose
  // count is newer; the root's own count shows at once, with no render of the old one.
  const [read, setRead] = useState<{ after: typeof root; count: number } | null>(null);
  const loaded = root?.unreadNotifications ?? null;
  const count = read && read.after === root ? read.count : loaded;
  const latestRoot = useRef(root);
  latestRoot.current = root;
  const signedIn = loaded !== null;

  useEffect(() => {
    if (!signedIn) return;
    let last = 0;
    const refresh = () => {
      if (document.visibilityState !== "visible" || Date.now() - last < REFRESH_GAP_MS) return;
      last = Date.now();
      // An answer that arrives after the root loaded again is older than it, and is dropped.
      const after = latestRoot.current;
      fetch(UNREAD_COUNT_URL, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ count?: unknown }>) : null))
        .then((body) => {
          if (typeof body?.count === "number") setRead({ after, count: body.count });
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
  }, [signedIn]);

  return <UnreadCount.Provider value={count}>{children}</UnreadCount.Provider>;
}

/** The signed-in person's unread count (at most 100), or null for a visitor. */
export function useUnreadCount(): number | null {
  return useContext(UnreadCount);
}
