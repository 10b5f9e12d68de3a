import { type ComponentType, lazy, useState } from "react";

/**
 * A component whose module starts downloading as soon as the importing module has run in the browser, alongside
 * hydration rather than after it, and that renders without suspending once the module has arrived. `startsEarly`
 * says, in the browser, whether the page about to hydrate draws it: a page that does not (Discover's list) leaves
 * the download to the first render that needs it.
 *
 * React.lazy alone suspends on its first render even when the download finished long before, and React then holds
 * the content back until 300 ms after the fallback it committed (its retry throttle): Discover's markers waited for
 * that (ADR 015).
 */
export function earlyLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  startsEarly: () => boolean = () => true,
): ComponentType<Props> {
  let arrived: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const start = () => {
    loading ??= load().then((module) => {
      arrived = module.default;
      return module;
    });
    return loading;
  };
  // Started in a task of its own: the page's whole module graph evaluates in one task, and Vite's preload helper
  // (a lookup and a link per dependency of the lazy module) made the longest of it longer (ADR 066). A failed
  // download shows where the component renders (the map's error card), not as an unhandled rejection.
  if (typeof document !== "undefined")
    setTimeout(() => {
      if (startsEarly()) start().catch(() => undefined);
    }, 0);
  const Lazy = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, as React.lazy is.
  return function EarlyLazy(props: Props) {
    // Chosen once per instance: switching from Lazy to the arrived component later would remount it.
    const [Chosen] = useState(() => arrived ?? Lazy);
    return <Chosen {...props} />;
  };
}
