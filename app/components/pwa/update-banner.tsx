import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useT } from "~/components/use-t";
import { activateUpdate } from "~/lib/client/service-worker";

/** 'A new version is available: Reload'. The open page keeps working on its own version until the person chooses. */
export function UpdateBanner({ waiting }: { waiting: ServiceWorker }) {
  const t = useT();
  const [reloading, setReloading] = useState(false);
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-surface p-3 text-ink shadow-lg md:bottom-4"
    >
      <p className="flex-1 text-sm">{t("A new version is available.")}</p>
      <button
        type="button"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          activateUpdate(waiting);
        }}
        className="inline-flex items-center gap-1.5 rounded-lg bg-primary px-3 py-2 font-semibold text-primary-foreground text-sm disabled:opacity-70"
      >
        <RefreshCw aria-hidden className="size-4" />
        {t("Reload")}
      </button>
    </div>
  );
}
