import { useT } from "~/components/use-t";
import { DISCOVER_FILTERS, type DiscoverFilter } from "~/lib/rules/discover-query";

/** Discover's filter buttons: All, Nearby, Open Now and New, the one chosen pressed. */
export function DiscoverFilters({
  filter,
  onFilter,
}: {
  filter: DiscoverFilter;
  onFilter: (filter: DiscoverFilter) => void;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t("Filter")}</legend>
      {DISCOVER_FILTERS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={filter === option.value}
          onClick={() => onFilter(option.value)}
          className={`rounded-full border px-4 py-1.5 font-medium text-sm ${
            filter === option.value
              ? "border-primary bg-primary text-primary-foreground"
              : "border-border bg-surface text-ink hover:border-primary"
          }`}
        >
          {t(option.label)}
        </button>
      ))}
    </fieldset>
  );
}
