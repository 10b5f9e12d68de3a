import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  type MetaFunction,
  type ShouldRevalidateFunction,
  useLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { List, Map as MapIcon } from "lucide-react";
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { earlyLazy } from "~/components/early-lazy";
import { ItemList } from "~/components/layout/item-list";
import { ClientMap } from "~/components/map/client-map";
import type { MapView, ViewChange } from "~/components/map/discover-map.client";
import { MapLegend } from "~/components/map/map-legend";
import { MapPreview } from "~/components/map/map-preview";
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { UseMyLocationButton } from "~/components/map/use-my-location-button";
import { useFavouriteIds } from "~/components/stall/bookmark-button";
import { DiscoverStallCard } from "~/components/stall/stall-card";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION, geolocationGranted } from "~/lib/client/geolocation";
import { rememberArea } from "~/lib/client/remember-area";
import { areaFromCookieHeader } from "~/lib/http/discover-area";
import { homeCityCentre } from "~/lib/http/preferences";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { type LatLng, parseGps } from "~/lib/rules/geo";
import { type Box, boxCenter, boxCovers, clampBox, inBox, viewBox } from "~/lib/rules/nearby-plan";
import { previewMarkers } from "~/lib/rules/stall-clusters";
import { MAX_BOX_STALLS, NEARBY_RADIUS_KM } from "~/lib/schemas/stall-query";
import type { StallListItem } from "~/models/stall/stall.server";
import { findStallsInBox } from "~/models/stall/stall.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: pageTitle(t("Discover Nearby")) },
    {
      name: "description",
      content: t("Street-food stalls around you, on a map or in a list, with what is open now."),
    },
  ];
};

// The map's code starts loading as soon as this module runs in the browser, alongside hydration (ADR 015).
const DiscoverMap = earlyLazy(() => import("~/components/map/discover-map.client"));

// The rules that draw the map's preview (Supercluster) come with the map's code, in a chunk both import, so they
// weigh nothing on the first load. The page draws a preview itself when a position or a load comes before the map,
// and applies either only once the rules are here: the new area's markers then replace the old ones in one paint,
// with no blank map between (issue 35).
let previewRules: typeof import("~/lib/rules/stall-clusters") | null = null;
const previewRulesLoaded =
  typeof document === "undefined"
    ? Promise.resolve()
    : import("~/lib/rules/stall-clusters").then(
        (rules) => {
          previewRules = rules;
        },
        // Without them the placeholder shows no markers until the map draws its own.
        () => undefined,
      );

const DISCOVER_ZOOM = 13;
const DEFAULT_VIEW: MapView = { ...DEFAULT_LOCATION, zoom: DISCOVER_ZOOM };
/** Discover's map at its widest, a desktop's; every map is as tall (discover-map.client.tsx). */
const WIDEST_MAP_PX = { width: 1120, height: 500 };
/** The server cannot see the screen: it loads a little more than the widest map shows. A phone's map is a part of
 * that, so the stalls it needs are already there. */
const SERVER_MAP_PX = { width: 1152, height: 560 };
/** Cards shown at first and added by each "Show more stalls": 100 at once made long tasks of 0.4-0.7 s on a
 * throttled phone. */
const LIST_PAGE = 20;
/** Pans and zooms in quick succession load the stalls once, for where the map stops. */
const MOVE_DEBOUNCE_MS = 300;

const FILTERS = [
  { value: "all", label: msg("All") },
  { value: "nearby", label: msg("Nearby") },
  { value: "open_now", label: msg("Open Now") },
  { value: "new", label: msg("New") },
] as const;
type Filter = (typeof FILTERS)[number]["value"];
type View = "map" | "list";

function readFilter(value: string | null): Filter {
  return FILTERS.some((f) => f.value === value) ? (value as Filter) : "all";
}

/** What a load asked for: the box, where distances are measured from, and the filter. */
interface Query {
  box: Box;
  from: LatLng;
  filter: Filter;
}

/** What the cards, markers and popups show of a stall: the page's HTML carries nothing more. */
type DiscoverStall = Pick<
  StallListItem,
  | "id"
  | "name"
  | "description"
  | "thumbnail_image"
  | "location"
  | "contact_number"
  | "latitude"
  | "longitude"
  | "rating_average"
  | "tags"
  | "discovery_tags"
  | "isOpen"
  | "open_state"
  | "distance"
>;

const toDiscoverStall = (stall: StallListItem): DiscoverStall => ({
  id: stall.id,
  name: stall.name,
  description: stall.description,
  thumbnail_image: stall.thumbnail_image,
  location: stall.location,
  contact_number: stall.contact_number,
  latitude: stall.latitude,
  longitude: stall.longitude,
  rating_average: stall.rating_average,
  tags: stall.tags,
  discovery_tags: stall.discovery_tags,
  isOpen: stall.isOpen,
  open_state: stall.open_state,
  distance: stall.distance,
});

interface Loaded {
  query: Query;
  stalls: DiscoverStall[];
  truncated: boolean;
}

/** The server renders the first 100, as many as the first screen can use; the map then asks for its own box. */
const SERVER_STALLS = 100;

/**
 * The first stalls come with the page: around the position a link gave (Home's Near Me passes ?near=), else the
 * area the visitor last looked at (a cookie the page writes), else their default city (Settings), else New Delhi.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fromLink = parseGps(url.searchParams.get("near"));
  const { homeCity } = await context.preferences();
  const homeCentre = homeCityCentre(homeCity);
  const view: MapView = fromLink.ok
    ? { ...fromLink.position, zoom: DISCOVER_ZOOM }
    : (areaFromCookieHeader(request.headers.get("Cookie")) ??
      (homeCentre ? { ...homeCentre, zoom: DISCOVER_ZOOM } : DEFAULT_VIEW));
  const query: Query = {
    box: viewBox(view, view.zoom, SERVER_MAP_PX.width, SERVER_MAP_PX.height),
    from: { lat: view.lat, lng: view.lng },
    filter: readFilter(url.searchParams.get("filter")),
  };
  const { items, truncated } = await findStallsInBox(context.db, {
    box: query.box,
    near: query.from,
    nearbyKm: query.filter === "nearby" ? NEARBY_RADIUS_KM : undefined,
    limit: SERVER_STALLS,
    filters: { openNow: query.filter === "open_now", onlyNew: query.filter === "new" },
  });
  const loaded: Loaded = { query, stalls: items.map(toDiscoverStall), truncated };
  // "Use my location" as the default city is the person's own ask to be located on arrival.
  const locateOnArrival = homeCity === "location";
  return {
    view,
    loaded,
    // Only the markers whose middles the map shows, as the map draws them: the loaded box's edges are off the map.
    preview: previewMarkers(
      loaded.stalls,
      view,
      viewBox(view, view.zoom, WIDEST_MAP_PX.width, WIDEST_MAP_PX.height),
    ),
    ownLocation: fromLink.ok ? fromLink.position : null,
    locateOnArrival,
  };
}

// Filters and the view are switched in the browser, which loads its own stalls: the page's data is only its start.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

async function fetchStalls(query: Query, signal: AbortSignal): Promise<Loaded> {
  const { box, from, filter } = query;
  const params = new URLSearchParams({
    bbox: [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(","),
    near: `${from.lat},${from.lng}`,
    limit: String(MAX_BOX_STALLS),
  });
  if (filter !== "all") params.set("filter", filter);
  const response = await fetch(`/api/shop?${params}`, { signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = (await response.json()) as { items: StallListItem[]; truncated: boolean };
  return { query, stalls: body.items.map(toDiscoverStall), truncated: body.truncated };
}

/** Cards re-render only when their stall does: a position found re-renders the page, not 20 cards (issue 35). */
const StallCard = memo(DiscoverStallCard);

const sameSpot = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

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

const sameQuery = (a: Query, b: Query) =>
  a.filter === b.filter && sameSpot(a.from, b.from) && boxCovers(a.box, b.box) && boxCovers(b.box, a.box);

type LoadState = { state: "done" } | { state: "loading" } | { state: "error"; message: string };

export default function DiscoverPage() {
  const start = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get("view") === "list" ? "list" : "map";
  const filter = readFilter(searchParams.get("filter"));

  const [loaded, setLoaded] = useState<Loaded>(start.loaded);
  const [query, setQuery] = useState<Query>(start.loaded.query);
  const [load, setLoad] = useState<LoadState>({ state: "done" });
  const [attempt, setAttempt] = useState(0);
  // Where the page moves the map; the visitor's own pans are reported back, never set here.
  const [mapView, setMapView] = useState<MapView>(start.view);
  const [ownLocation, setOwnLocation] = useState<LatLng | null>(start.ownLocation);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [shown, setShown] = useState(LIST_PAGE);
  const { locating, locate: locateVisitor } = useLocateVisitor();
  const favouriteIds = useFavouriteIds();
  const t = useT();

  const ownLocationRef = useRef(ownLocation);
  ownLocationRef.current = ownLocation;
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const queryRef = useRef(query);
  queryRef.current = query;

  // The filter belongs to the URL; the box and origin stay.
  useEffect(() => {
    setQuery((current) => (current.filter === filter ? current : { ...current, filter }));
  }, [filter]);

  // Loads when the query changes (or on Try Again), unless the stalls loaded already answer it; a newer query
  // aborts the request still running.
  useEffect(() => {
    if (attempt === 0 && sameQuery(loadedRef.current.query, query)) return;
    const controller = new AbortController();
    setLoad({ state: "loading" });
    Promise.all([fetchStalls(query, controller.signal), previewRulesLoaded])
      .then(([next]) => {
        // A transition: React renders the new stalls in slices between the browser's other work.
        startTransition(() => {
          setLoaded(next);
          setShown(LIST_PAGE);
          setLoad({ state: "done" });
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: "error",
          message: error instanceof Error && error.message ? error.message : msg("Failed to fetch stalls"),
        });
      });
    return () => controller.abort();
  }, [query, attempt]);

  // Whether a map is drawn: it then reports its own box once moved, which loads the stalls.
  const mapShown = useRef(false);
  useEffect(() => {
    if (view === "list") mapShown.current = false;
  }, [view]);

  /** Shows the stalls of an area: moves the map there, or without a map loads them at once. */
  const goTo = useCallback((target: MapView, from: LatLng) => {
    setMapView(target);
    rememberArea(target);
    if (mapShown.current) return;
    setQuery((current) => ({
      ...current,
      box: viewBox(target, target.zoom, SERVER_MAP_PX.width, SERVER_MAP_PX.height),
      from,
    }));
  }, []);

  const locate = useCallback(async () => {
    const found = await locateVisitor();
    if (found.ok) {
      await previewRulesLoaded;
      startTransition(() => {
        setOwnLocation(found.position);
        setLocationMessage(null);
        goTo({ ...found.position, zoom: DISCOVER_ZOOM }, found.position);
      });
    } else {
      // The area already shown (New Delhi on a first visit) stays: it is the fallback the message speaks of.
      setLocationMessage(found.message);
    }
  }, [locateVisitor, goTo]);

  // Only a visitor who already allowed location is located on arrival: anyone else is never prompted unasked.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || start.ownLocation) return;
    started.current = true;
    void geolocationGranted().then((granted) => {
      if (granted || start.locateOnArrival) void locate();
    });
  }, [locate, start.ownLocation, start.locateOnArrival]);

  const moveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(moveTimer.current), []);
  const onViewChange = useCallback(({ box, view: seen }: ViewChange) => {
    mapShown.current = true;
    clearTimeout(moveTimer.current);
    moveTimer.current = setTimeout(() => {
      rememberArea(seen);
      const wanted = clampBox(box);
      const current = loadedRef.current;
      const from = ownLocationRef.current ?? boxCenter(wanted);
      // Stalls already loaded for a box around this one, measured from the same point, are all there is to show,
      // unless that load was cut short.
      const sameFrom = (asked: Query) => ownLocationRef.current === null || sameSpot(asked.from, from);
      if (!current.truncated && sameFrom(current.query) && boxCovers(current.query.box, wanted)) return;
      // A load still running for a box around this one will answer it too.
      const pending = queryRef.current;
      if (pending !== current.query && sameFrom(pending) && boxCovers(pending.box, wanted)) return;
      setQuery((previous) => ({ ...previous, box: wanted, from }));
    }, MOVE_DEBOUNCE_MS);
  }, []);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const stalls = loaded.stalls;
  // Open Now counts maybe hours too, as its filter does (isOpen, ADR 012).
  const openNow = stalls.filter((s) => s.isOpen).length;
  const within2km = stalls.filter((s) => s.distance !== null && s.distance <= 2).length;
  const bookmarked = stalls.filter((s) => favouriteIds.has(s.id)).length;
  const from = loaded.query.from;
  // Says where the stalls shown were measured from, which may lag the position just found until they load.
  const place =
    ownLocation && sameSpot(from, ownLocation)
      ? COUNT_TEXT.you
      : sameSpot(from, DEFAULT_LOCATION)
        ? COUNT_TEXT.delhi
        : COUNT_TEXT.area;
  const countText = t(loaded.truncated ? place.more : place.exact, { count: stalls.length });
  const empty = stalls.length === 0 && load.state === "done";
  // The server's markers for the page's first area and stalls; once a position or a load came before the map, the
  // same markers drawn here from the stalls loaded, where the map will look. Stalls loaded for another area (New
  // Delhi's, before a visitor elsewhere was found) show nothing there until theirs have loaded.
  const previewMarkers = useMemo(() => {
    if (mapView === start.view && loaded === start.loaded) return start.preview;
    if (!previewRules || !inBox(loaded.query.box, mapView)) return null;
    const shows = viewBox(mapView, mapView.zoom, WIDEST_MAP_PX.width, WIDEST_MAP_PX.height);
    return previewRules.previewMarkers(loaded.stalls, mapView, shows);
  }, [mapView, loaded, start]);
  const preview = previewMarkers ? <MapPreview markers={previewMarkers} /> : null;

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
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
                onClick={() => setParam("view", mode === "map" ? null : "list")}
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
          <UseMyLocationButton
            locating={locating}
            onClick={() => void locate()}
            className="px-4 py-1.5 text-sm"
          />
        </div>
      </header>

      {locationMessage ? (
        <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
          {t(locationMessage)}
        </p>
      ) : null}

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("Filter")}</legend>
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setParam("filter", option.value === "all" ? null : option.value)}
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

      <p role="status" className="min-h-5 text-ink-muted text-sm">
        {load.state === "loading"
          ? t("Loading nearby food stalls...")
          : loaded.truncated
            ? t("Showing the {count} stalls nearest the middle of this area: zoom in to see more.", {
                count: stalls.length,
              })
            : ""}
      </p>

      {load.state === "error" ? (
        <div role="alert" className="rounded-xl border border-closed/40 bg-surface p-6 text-center">
          <h2 className="font-bold text-lg">{t("Unable to load food stalls")}</h2>
          <p className="mt-1 text-ink-muted">{t(load.message)}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-4 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
          >
            {t("Try Again")}
          </button>
        </div>
      ) : empty ? (
        <EmptyState
          filter={filter}
          onClear={() => setParam("filter", null)}
          onUpdateLocation={() => void locate()}
        />
      ) : null}

      {view === "map" ? (
        <>
          <ClientMap height={WIDEST_MAP_PX.height} preview={preview}>
            <DiscoverMap
              preview={preview}
              stalls={stalls}
              view={mapView}
              userLocation={ownLocation}
              onViewChange={onViewChange}
            />
          </ClientMap>
          <MapLegend youAreHere={ownLocation !== null} />
        </>
      ) : load.state === "error" || empty ? null : (
        <>
          <ItemList
            items={stalls.slice(0, shown)}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {(stall, index) => <StallCard stall={stall} firstOnScreen={index === 0} />}
          </ItemList>
          {shown < stalls.length ? (
            <div className="text-center">
              <button
                type="button"
                onClick={() => setShown((n) => n + LIST_PAGE)}
                className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong"
              >
                {t("Show more stalls ({shown} of {total})", {
                  shown: Math.min(shown, stalls.length),
                  total: stalls.length,
                })}
              </button>
            </div>
          ) : null}
        </>
      )}

      <section aria-label={t("Summary")} className="grid grid-cols-3 gap-3 text-center">
        {[
          { label: msg("Open Now"), value: openNow },
          { label: msg("Within 2km"), value: within2km },
          { label: msg("Bookmarked"), value: bookmarked },
        ].map(({ label, value }) => (
          <div key={label} className="rounded-xl border border-border bg-surface p-3">
            <p className="font-bold text-2xl text-primary-strong">{value}</p>
            <p className="text-ink-muted text-sm">{t(label)}</p>
          </div>
        ))}
      </section>
    </div>
  );
}

function EmptyState({
  filter,
  onClear,
  onUpdateLocation,
}: {
  filter: Filter;
  onClear: () => void;
  onUpdateLocation: () => void;
}) {
  const label = FILTERS.find((f) => f.value === filter)?.label ?? filter;
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
