import { useRouteLoaderData } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { mountLater } from "~/components/layout/mount-later";
import type { CountRead } from "./unread-count-refresh";

// The bell's unread count (issue 20): the root loader reads it from KV on every page a signed-in person loads, which
// covers every write they make (Remix loads the root again after each action). What others do meanwhile is read
// when the person comes back to the tab (UnreadCountRefresh, after hydration), without loading the page again.

const UnreadCount = createContext<number | null>(null);

const UnreadCountRefresh = mountLater(() =>
  import("./unread-count-refresh").then((module) => module.UnreadCountRefresh),
);

export function UnreadCountProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<{ unreadNotifications?: number | null }>("root");
  // A count read on coming back holds until the root loads again (a navigation, the reload after a write), whose
  // count is newer; the root's own count shows at once, with no render of the old one.
  const [read, setRead] = useState<CountRead | null>(null);
  const loaded = root?.unreadNotifications ?? null;
  const count = read && read.after === root ? read.count : loaded;
  return (
    <UnreadCount.Provider value={count}>
      {children}
      {loaded === null ? null : <UnreadCountRefresh root={root} onRead={setRead} />}
    </UnreadCount.Provider>
  );
}

/** The signed-in person's unread count (at most 100), or null for a visitor. */
export function useUnreadCount(): number | null {
  return useContext(UnreadCount);
}
