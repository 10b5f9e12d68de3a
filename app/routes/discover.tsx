import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  type MetaFunction,
  type ShouldRevalidateFunction,
  useLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { DiscoverEmpty } from "~/components/discover/discover-empty";
import { DiscoverFilters } from "~/components/discover/discover-filters";
import { DiscoverHeader, discoverView } from "~/components/discover/discover-header";
import { DiscoverList } from "~/components/discover/discover-list";
import { DiscoverLoadError, DiscoverLoadLine } from "~/components/discover/discover-load-status";
import { DiscoverMapView } from "~/components/discover/discover-map-view";
import {
  DISCOVER_ZOOM,
  type Loaded,
  SERVER_MAP_PX,
  toDiscoverStall,
  WIDEST_MAP_PX,
} from "~/components/discover/discover-stalls";
import { DiscoverSummary } from "~/components/discover/discover-summary";
import { type DiscoverStart, useDiscoverStalls } from "~/components/discover/use-discover-stalls";
import type { MapView } from "~/components/map/discover-map.client";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { areaFromCookieHeader } from "~/lib/http/discover-area.server";
import { homeCityCentre } from "~/lib/http/preferences";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { type DiscoverQuery, readDiscoverFilter } from "~/lib/rules/discover-query";
import { parseGps } from "~/lib/rules/geo";
import { viewBox } from "~/lib/rules/nearby-plan";
import { previewMarkers } from "~/lib/rules/stall-clusters";
import { NEARBY_RADIUS_KM } from "~/lib/schemas/stall-query-fields";
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

const DEFAULT_VIEW: MapView = { ...DEFAULT_LOCATION, zoom: DISCOVER_ZOOM };

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
  const query: DiscoverQuery = {
    box: viewBox(view, view.zoom, SERVER_MAP_PX.width, SERVER_MAP_PX.height),
    from: { lat: view.lat, lng: view.lng },
    filter: readDiscoverFilter(url.searchParams.get("filter")),
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

export default function DiscoverPage() {
  const start: DiscoverStart = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = discoverView(searchParams);
  const filter = readDiscoverFilter(searchParams.get("filter"));
  const discover = useDiscoverStalls(start, filter);
  const { loaded, load } = discover;
  const t = useT();

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const stalls = loaded.stalls;
  const empty = stalls.length === 0 && load.state === "done";
  const locate = () => void discover.locate();

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <DiscoverHeader
        loaded={loaded}
        ownLocation={discover.ownLocation}
        view={view}
        onView={(mode) => setParam("view", mode === "map" ? null : "list")}
        locating={discover.locating}
        onLocate={locate}
      />

      {discover.locationMessage ? (
        <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
          {t(discover.locationMessage)}
        </p>
      ) : null}

      <DiscoverFilters
        filter={filter}
        onFilter={(value) => setParam("filter", value === "all" ? null : value)}
      />

      <DiscoverLoadLine load={load} loaded={loaded} />

      {load.state === "error" ? (
        <DiscoverLoadError message={load.message} onRetry={discover.retry} />
      ) : empty ? (
        <DiscoverEmpty filter={filter} onClear={() => setParam("filter", null)} onUpdateLocation={locate} />
      ) : null}

      {view === "map" ? (
        <DiscoverMapView
          stalls={stalls}
          view={discover.mapView}
          ownLocation={discover.ownLocation}
          previewMarkers={discover.previewMarkers}
          onViewChange={discover.onViewChange}
        />
      ) : load.state === "error" || empty ? null : (
        <DiscoverList stalls={stalls} shown={discover.shown} onShowMore={discover.showMore} />
      )}

      <DiscoverSummary stalls={stalls} />
    </div>
  );
}
