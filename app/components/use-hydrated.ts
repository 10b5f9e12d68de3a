import { startTransition, useEffect, useState } from "react";

/** Set once the server's HTML has hydrated: the browser's parts drawn after that are the browser's own. */
let pageHydrated = false;

/**
 * Called by root's Layout, the one component every part of the page is inside: its effect runs after every other
 * effect of the hydrating render, so from then on whatever mounts was not in the server's HTML.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    pageHydrated = true;
  }, []);
}

/**
 * False on the server and while the browser hydrates the server's HTML, true from a render after: what the server
 * could not know, or should not fetch with the page, waits for it. The switch comes in a transition, so React renders
 * what it reveals in slices (ADR 063); useSyncExternalStore's switch, which this was, re-rendered at sync priority,
 * every part that read it in one task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Whether this component's first render was the server's HTML being hydrated (and always on the server). Read once,
 * with no render after: a part that keeps what the server wrote, or waits for a sign of use, asks this.
 */
export function useDrawnByServer(): boolean {
  const [drawnByServer] = useState(() => !pageHydrated);
  return drawnByServer;
}
