import { Toaster as SonnerToaster } from "sonner";
import { useT } from "~/components/use-t";

/** The app's toaster with the spec's defaults: bottom-right, labelled "Notifications", Alt+T to reach it. Root mounts
 * it once the page has hydrated, so sonner is in no first load. */
export function Toaster() {
  const t = useT();
  return (
    <SonnerToaster
      position="bottom-right"
      containerAriaLabel={t("Notifications")}
      hotkey={["altKey", "KeyT"]}
    />
  );
}
