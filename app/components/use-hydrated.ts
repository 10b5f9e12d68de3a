import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * False on the server and while the browser hydrates the server's HTML (React reads the server's answer then), true
 * from the render after: what the server could not know, or should not fetch with the page, waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, onClient, onServer);
}
