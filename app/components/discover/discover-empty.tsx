import { useT } from "~/components/use-t";
import { DISCOVER_FILTERS, type DiscoverFilter } from "~/lib/rules/discover-query";

/** No stalls in the area: the filter to clear, if one is chosen, and the position to update. */
export function DiscoverEmpty({
  filter,
  onClear,
  onUpdateLocation,
}: {
  filter: DiscoverFilter;
  onClear: () => void;
  onUpdateLocation: () => void;
}) {
  const label = DISCOVER_FILTERS.find((f) => f.value === filter)?.label ?? filter;
  const t = useT();
  return (
    <div className="rounded-xl border border-border bg-surface p-8 text-center">
      <h2 className="font-bold text-xl">{t("No Food Stalls Found")}</h2>
      <p className="mt-2 text-ink-muted">
        {filter !== "all"
          ? t('No stalls match your "{filter}" filter. Try adjusting your criteria.', { filter: t(label) })
          : t(
              "We couldn't find any food stalls in this area. Try updating your location or check back later.",
            )}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {filter !== "all" ? (
          <button
            type="button"
            onClick={onClear}
            className="rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
          >
            {t("Clear Filters")}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onUpdateLocation}
          className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong"
        >
          {t("Update Location")}
        </button>
      </div>
    </div>
  );
}
