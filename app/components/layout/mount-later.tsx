import { type ComponentType, lazy, Suspense } from "react";
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
