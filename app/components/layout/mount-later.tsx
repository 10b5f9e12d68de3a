import { type ComponentType, createElement, lazy, Suspense, use } from "react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * The part's code, or a part that draws nothing if it cannot be fetched (offline with a cold cache, a deploy that
 * replaced the file): an import that failed would throw into the page's error boundary and take the whole page with
 * it.
 */
async function loadOrNothing<P>(
  load: () => Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  try {
    return { default: await load() };
  } catch (error) {
    console.error(error);
    return { default: () => null };
  }
}

/**
 * A part only the browser draws, once the page has hydrated (ADR 057): the service worker's shell, the toasts' host,
 * what keeps the theme in step. The server draws nothing for it and its code is fetched after the first paint.
 */
export function mountLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => loadOrNothing(load));
  // Made once per part at module level, as lazy() makes its component, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function MountedLater(props: P) {
    return useHydrated() ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}

/** A promise React's `use` reads at once once it has settled, instead of suspending a render first to find out. */
function settledAtOnce<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T };
  tracked.then((value) => {
    tracked.status = "fulfilled";
    tracked.value = value;
  });
  return tracked;
}

const partsOnServer: (() => Promise<unknown>)[] = [];

/**
 * The server's parts hydrated later, awaited before a page is rendered (entry.server.tsx): a part whose module has
 * not loaded yet (the first request of a new isolate) would suspend the render, and React would stream the part
 * after a fallback, with a script to swap it in. Settled once, then at once.
 */
export function partsHydratedLater(): Promise<unknown> {
  return Promise.all(partsOnServer.map((fetchPart) => fetchPart()));
}

/**
 * A part the server draws as ever but whose code is not in the first load (ADR 059), for what a page rarely needs
 * (root's error page). The browser keeps the server's HTML until the code, fetched when hydration reaches the part,
 * has come; then hydrates it. An update that reaches the part before then (a revalidation after an action) waits
 * for the code, so never use it for a part every page has: the desktop nav was, and a moderator's toast once never
 * came. If the code cannot be fetched the part is dropped, as mountLater's is.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let part: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchPart = () => {
    part ??= settledAtOnce(loadOrNothing(load));
    return part;
  };
  if (import.meta.env.SSR) partsOnServer.push(fetchPart);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as mountLater's.
  return function HydratedLater(props: P) {
    return (
      <Suspense fallback={null}>
        <LoadedPart part={fetchPart} props={props} />
      </Suspense>
    );
  };
}

function LoadedPart<P extends object>({
  part,
  props,
}: {
  part: () => Promise<{ default: ComponentType<P> }>;
  props: P;
}) {
  return createElement(use(part()).default, props);
}
