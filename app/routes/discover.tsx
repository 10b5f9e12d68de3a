import { type MetaFunction, useSearchParams } from "@remix-run/react";
import { List, Map as MapIcon } from "lucide-react";
import { lazy, useCallback, useEffect, useRef, useState } from "react";
import { ItemList } from "~/components/layout/item-list";
import { ClientMap } from "~/components/map/client-map";
import { MapLegend } from "~/components/map/map-legend";
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { UseMyLocationButton } from "~/components/map/use-my-location-button";
import { useFavouriteIds } from "~/components/stall/bookmark-button";
import { DiscoverStallCard } from "~/components/stall/stall-card";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { type LatLng, parseGps } from "~/lib/rules/geo";
import type { StallListItem } from "~/models/stall/rows.server";

export const meta: MetaFunction = () => [
  { title: "Discover Nearby · Nukkad" },
  {
    name: "description",
    content: "Street-food stalls around you, on a map or in a list, with what is open now.",
  },
];

const DiscoverMap = lazy(() => import("~/components/map/discover-map.client"));

/** Where the map looks before any location exists (the original app's centre, kept). */
const MAP_START = { lat: 16.3066, lng: 80.422 };

const FILTERS = [
  { value: "all", label: "All" },
  { value: "nearby", label: "Nearby" },
  { value: "open_now", label: "Open Now" },
  { value: "new", label: "New" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];
type View = "map" | "list";

const PAGE_SIZE = 100;

function readFilter(value: string | null): Filter {
  return FILTERS.some((f) => f.value === value) ? (value as Filter) : "all";
}

type Load =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "done"; stalls: StallListItem[]; nextCursor: string | null };

async function fetchStalls(location: LatLng, filter: Filter, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ near: `${location.lat},${location.lng}`, limit: String(PAGE_SIZE) });
  if (filter !== "all") query.set("filter", filter);
  if (cursor) query.set("cursor", cursor);
  const response = await fetch(`/api/shop?${query}`, { signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return (await response.json()) as { items: StallListItem[]; nextCursor: string | null };
}

export default function DiscoverPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get("view") === "list" ? "list" : "map";
  const filter = readFilter(searchParams.get("filter"));

  const [location, setLocation] = useState<LatLng | null>(null);
  const [usingOwnLocation, setUsingOwnLocation] = useState(false);
  const { locating, locate: locateVisitor } = useLocateVisitor();
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  // The full-screen loading text is for the first load only; later loads keep the page and its controls.
  const [settledOnce, setSettledOnce] = useState(false);
  const favouriteIds = useFavouriteIds();

  const locate = useCallback(async () => {
    const found = await locateVisitor();
    if (found.ok) {
      setLocation(found.position);
      setUsingOwnLocation(true);
      setLocationMessage(null);
    } else {
      setLocationMessage(found.message);
      setLocation((current) => current ?? DEFAULT_LOCATION);
    }
  }, [locateVisitor]);

  // A location comes from the link (Home's Near Me passes ?near=) or from the browser, once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fromLink = parseGps(searchParams.get("near"));
    if (fromLink.ok) {
      setLocation(fromLink.position);
      setUsingOwnLocation(true);
    } else {
      void locate();
    }
  }, [locate, searchParams]);

  // Stalls load once a location exists, again when the filter changes, and on Try Again.
  useEffect(() => {
    if (!location) return;
    void attempt;
    const controller = new AbortController();
    setLoad({ state: "loading" });
    fetchStalls(location, filter, null, controller.signal)
      .then((page) => setLoad({ state: "done", stalls: page.items, nextCursor: page.nextCursor }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          state: "error",
          message: error instanceof Error && error.message ? error.message : "Failed to fetch stalls",
        });
      })
      .finally(() => setSettledOnce(true));
    return () => controller.abort();
  }, [location, filter, attempt]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const loadMore = async () => {
    if (load.state !== "done" || !load.nextCursor || !location) return;
    setLoadingMore(true);
    try {
      const page = await fetchStalls(location, filter, load.nextCursor);
      setLoad({ state: "done", stalls: [...load.stalls, ...page.items], nextCursor: page.nextCursor });
    } catch (error) {
      setLoad({ state: "error", message: error instanceof Error ? error.message : "Failed to fetch stalls" });
    } finally {
      setLoadingMore(false);
    }
  };

  if (!settledOnce) {
    return (
      <div className="flex min-h-[70dvh] items-center justify-center" role="status">
        <p className="font-semibold text-ink-muted text-lg">Loading nearby food stalls...</p>
      </div>
    );
  }

  const stalls = load.state === "done" ? load.stalls : [];
  // Open Now counts maybe hours too, as its filter does (isOpen, ADR 012).
  const openNow = stalls.filter((s) => s.isOpen).length;
  const within2km = stalls.filter((s) => s.distance !== null && s.distance <= 2).length;
  const bookmarked = stalls.filter((s) => favouriteIds.has(s.id)).length;
  const countText =
    load.state === "done"
      ? `${stalls.length}${load.nextCursor ? "+" : ""} ${stalls.length === 1 ? "stall" : "stalls"}`
      : "";

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl md:text-3xl">Discover Nearby</h1>
          <p className="text-ink-muted" aria-live="polite">
            {countText}
            {usingOwnLocation ? " near you" : " near New Delhi"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <fieldset className="inline-flex rounded-full border border-border bg-surface p-1">
            <legend className="sr-only">View</legend>
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
                {mode === "map" ? "Map" : "List"}
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
          {locationMessage}
        </p>
      ) : null}

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter</legend>
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
            {option.label}
          </button>
        ))}
      </fieldset>

      {load.state === "loading" || load.state === "idle" ? (
        <p role="status" className="py-16 text-center text-ink-muted">
          Loading nearby food stalls...
        </p>
      ) : load.state === "error" ? (
        <div role="alert" className="rounded-xl border border-closed/40 bg-surface p-6 text-center">
          <h2 className="font-bold text-lg">Unable to load food stalls</h2>
          <p className="mt-1 text-ink-muted">{load.message}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-4 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
          >
            Try Again
          </button>
        </div>
      ) : stalls.length === 0 && load.state === "done" ? (
        <EmptyState
          filter={filter}
          onClear={() => setParam("filter", null)}
          onUpdateLocation={() => void locate()}
        />
      ) : view === "map" ? (
        <>
          <ClientMap height={500}>
            <DiscoverMap
              stalls={stalls}
              center={location ?? MAP_START}
              userLocation={usingOwnLocation ? location : null}
            />
          </ClientMap>
          <MapLegend />
        </>
      ) : (
        <>
          <ItemList items={stalls} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(stall) => <DiscoverStallCard stall={stall} />}
          </ItemList>
          {load.state === "done" && load.nextCursor ? (
            <div className="text-center">
              <button
                type="button"
                onClick={() => void loadMore()}
                disabled={loadingMore}
                className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong disabled:opacity-60"
              >
                {loadingMore ? "Loading..." : "Load more stalls"}
              </button>
            </div>
          ) : null}
        </>
      )}

      {load.state === "done" ? (
        <section aria-label="Summary" className="grid grid-cols-3 gap-3 text-center">
          {[
            ["Open Now", openNow],
            ["Within 2km", within2km],
            ["Bookmarked", bookmarked],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-border bg-surface p-3">
              <p className="font-bold text-2xl text-primary-strong">{value}</p>
              <p className="text-ink-muted text-sm">{label}</p>
            </div>
          ))}
        </section>
      ) : null}
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
  return (
    <div className="rounded-xl border border-border bg-surface p-8 text-center">
      <h2 className="font-bold text-xl">No Food Stalls Found</h2>
      <p className="mt-2 text-ink-muted">
        {filter !== "all"
          ? `No stalls match your "${label}" filter. Try adjusting your criteria.`
          : "We couldn't find any food stalls in this area. Try updating your location or check back later."}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        {filter !== "all" ? (
          <button
            type="button"
            onClick={onClear}
            className="rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
          >
            Clear Filters
          </button>
        ) : null}
        <button
          type="button"
          onClick={onUpdateLocation}
          className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong"
        >
          Update Location
        </button>
      </div>
    </div>
  );
}
