import { type ComponentType, lazy, useState } from "react";

/**
 * A component whose module starts downloading as soon as the importing module runs in the browser, alongside
 * hydration rather than after it, and that renders without suspending once the module has arrived.
 *
 * React.lazy alone suspends on its first render even when the download finished long before, and React then holds
 * the content back until 300 ms after the fallback it committed (its retry throttle): Discover's markers waited for
 * that (ADR 015).
 */
export function earlyLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  let arrived: ComponentType<Props> | null = null;
  const loading =
    typeof document === "undefined"
      ? null
      : load().then((module) => {
          arrived = module.default;
          return module;
        });
  // A failed download shows where the component renders (the map's error card), not as an unhandled rejection.
  loading?.catch(() => undefined);
  const Lazy = lazy(() => loading ?? load());
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, as React.lazy is.
  return function EarlyLazy(props: Props) {
    // Chosen once per instance: switching from Lazy to the arrived component later would remount it.
    const [Chosen] = useState(() => arrived ?? Lazy);
    return <Chosen {...props} />;
  };
}
