import { lazy, Suspense, useEffect, useState } from "react";
import { useT } from "~/components/use-t";
import { loadSonner, onFirstToast } from "~/lib/client/notify";

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The app's toaster with the spec's defaults: bottom-right, labelled "Notifications", Alt+T to reach it. Drawn from
 * the first toast on, so a page that raises none never downloads sonner. */
export function Toaster() {
  const t = useT();
  const [raised, setRaised] = useState(false);
  useEffect(() => onFirstToast(() => setRaised(true)), []);
  if (!raised) return null;
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
