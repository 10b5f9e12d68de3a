import type { Loaded, LoadState } from "~/components/discover/discover-stalls";
import { useT } from "~/components/use-t";

/** The line that says a load is running, or that it was cut short and zooming in shows more. */
export function DiscoverLoadLine({ load, loaded }: { load: LoadState; loaded: Loaded }) {
  const t = useT();
  return (
    <p role="status" className="min-h-5 text-ink-muted text-sm">
      {load.state === "loading"
        ? t("Loading nearby food stalls...")
        : loaded.truncated
          ? t("Showing the {count} stalls nearest the middle of this area: zoom in to see more.", {
              count: loaded.stalls.length,
            })
          : ""}
    </p>
  );
}

/** A load that failed: its message and Try Again. */
export function DiscoverLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-closed/40 bg-surface p-6 text-center">
      <h2 className="font-bold text-lg">{t("Unable to load food stalls")}</h2>
      <p className="mt-1 text-ink-muted">{t(message)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
      >
        {t("Try Again")}
      </button>
    </div>
  );
}
