import { type ComponentType, lazy } from "react";

/**
 * A form component whose module downloads the first time it renders, so pages do not ship conform and zod for a
 * form nobody opened. `preload` starts that download early (when the pointer or focus reaches the opening button).
 */
export function lazyForm<Props>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | null = null;
  const download = () => {
    // A failed download (offline) is tried again next time rather than remembered.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    Form: lazy(() => download().then((Form) => ({ default: Form }))),
    // Only a head start: if it fails, rendering the form downloads again and shows the error.
    preload: () => void download().catch(() => undefined),
  };
}
