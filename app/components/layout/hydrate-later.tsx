import { type ComponentType, createElement, lazy, Suspense, useSyncExternalStore } from "react";

const serverLoads: (() => Promise<void>)[] = [];
let serverReady: Promise<void> | undefined;

/**
 * The part's code, or a part that draws nothing if it cannot be fetched (offline with a cold cache, a deploy that
 * replaced the file): an import that failed would throw into the page's error boundary and take the whole page with
 * it, and one left waiting would hold every navigation, which waits for the page's parts to hydrate.
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
 * A part of every page that the first paint does not need to run (ADR 057): the server draws it with the rest of the
 * page, and the browser keeps that HTML as it is, hydrating the part once its code, asked for as hydration starts,
 * has come. Until then its links and plain forms work as HTML does. Its code is not in the page's first load.
 *
 * The server draws it from the loaded module (`loadPartsHydratedLater`), never suspending: a suspended part would
 * be streamed after the shell, behind a script, where a page without JavaScript would not show it.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let serverComponent: ComponentType<P> | undefined;
  if (import.meta.env.SSR) {
    serverLoads.push(async () => {
      serverComponent = await load();
    });
  }
  const Lazy = lazy(() => loadOrNothing(load));
  // Made once per part at module level, as lazy() makes its component, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function HydratedLater(props: P) {
    return (
      // While the code is on its way the boundary keeps the server's HTML; its empty fallback shows only where no
      // HTML was drawn for it (a part that appears after a navigation) until the code comes.
      <Suspense fallback={null}>
        {import.meta.env.SSR && serverComponent ? createElement(serverComponent, props) : <Lazy {...props} />}
      </Suspense>
    );
  };
}

/** The server's half: every such part's module, loaded once per isolate before its first page is drawn. */
export function loadPartsHydratedLater(): Promise<void> {
  serverReady ??= Promise.all(serverLoads.map((serverLoad) => serverLoad())).then(() => undefined);
  return serverReady;
}

const subscribeToNothing = () => () => {};

/**
 * A part only the browser draws, once the page has hydrated (ADR 057): the service worker's shell, the toasts' host,
 * what keeps the theme in step. The server draws nothing for it and its code is fetched after the first paint.
 */
export function mountLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => loadOrNothing(load));
  // Made once per part at module level, as lazy() makes its component, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return function MountedLater(props: P) {
    // False while hydrating, as the server drew it; true from the render after.
    const hydrated = useSyncExternalStore(
      subscribeToNothing,
      () => true,
      () => false,
    );
    return hydrated ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}
