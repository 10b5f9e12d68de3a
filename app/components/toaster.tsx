import { lazy, Suspense, useEffect, useState } from "react";
import { useT } from "~/components/use-t";
import { loadSonner } from "~/lib/client/notify";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The app's toaster with the spec's defaults: bottom-right, labelled "Notifications", Alt+T to reach it. */
export function Toaster() {
  const t = useT();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="bottom-right"
        containerAriaLabel={t("Notifications")}
        hotkey={["altKey", "KeyT"]}
      />
    </Suspense>
  );
}
