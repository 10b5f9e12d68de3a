import { lazy, Suspense, useEffect, useState } from "react";
import { loadSonner } from "~/lib/client/notify";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The app's toaster with the spec's defaults: bottom-right, labelled "Notifications", Alt+T to reach it. */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="bottom-right" containerAriaLabel="Notifications" hotkey={["altKey", "KeyT"]} />
    </Suspense>
  );
}
