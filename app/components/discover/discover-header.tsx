import { List, Map as MapIcon } from "lucide-react";
import type { Loaded } from "~/components/discover/discover-stalls";
import { UseMyLocationButton } from "~/components/map/use-my-location-button";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { msg } from "~/lib/i18n/translate";
import { sameSpot } from "~/lib/rules/discover-query";
import type { LatLng } from "~/lib/rules/geo";

export type DiscoverView = "map" | "list";

/** The view a Discover address asks for: the map unless `?view=list`. */
export const discoverView = (searchParams: URLSearchParams): DiscoverView =>
  searchParams.get("view") === "list" ? "list" : "map";

/** The count line for where the stalls were measured from; `more` when the load was cut short. */
const COUNT_TEXT = {
  you: {
    exact: msg("{count, plural, one {# stall near you} other {# stalls near you}}"),
    more: msg("{count}+ stalls near you"),
  },
  delhi: {
    exact: msg("{count, plural, one {# stall near New Delhi} other {# stalls near New Delhi}}"),
    more: msg("{count}+ stalls near New Delhi"),
  },
  area: {
    exact: msg("{count, plural, one {# stall in this area} other {# stalls in this area}}"),
    more: msg("{count}+ stalls in this area"),
  },
} as const;

/** Discover's title, how many stalls are shown and around where, the map/list switch and 'Use my location'. */
export function DiscoverHeader({
  loaded,
  ownLocation,
  view,
  onView,
  locating,
  onLocate,
}: {
  loaded: Loaded;
  ownLocation: LatLng | null;
  view: DiscoverView;
  onView: (view: DiscoverView) => void;
  locating: boolean;
  onLocate: () => void;
}) {
  const t = useT();
  const from = loaded.query.from;
  // Says where the stalls shown were measured from, which may lag the position just found until they load.
  const place =
    ownLocation && sameSpot(from, ownLocation)
      ? COUNT_TEXT.you
      : sameSpot(from, DEFAULT_LOCATION)
        ? COUNT_TEXT.delhi
        : COUNT_TEXT.area;
  const countText = t(loaded.truncated ? place.more : place.exact, { count: loaded.stalls.length });
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="font-bold text-2xl md:text-3xl">{t("Discover Nearby")}</h1>
        <p className="text-ink-muted" aria-live="polite">
          {countText}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <fieldset className="inline-flex rounded-full border border-border bg-surface p-1">
          <legend className="sr-only">{t("View")}</legend>
          {(["map", "list"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => onView(mode)}
              className={`inline-flex items-center gap-1 rounded-full px-4 py-1.5 font-semibold text-sm ${
                view === mode ? "bg-primary text-primary-foreground" : "text-ink-muted"
              }`}
            >
              {mode === "map" ? (
                <MapIcon aria-hidden="true" className="size-4" />
              ) : (
                <List aria-hidden="true" className="size-4" />
              )}
              {mode === "map" ? t("Map") : t("List")}
            </button>
          ))}
        </fieldset>
        <UseMyLocationButton locating={locating} onClick={onLocate} className="px-4 py-1.5 text-sm" />
      </div>
    </header>
  );
}
