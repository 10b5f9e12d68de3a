import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  DISCOVER_ZOOM,
  fetchStalls,
  LIST_PAGE,
  type Loaded,
  type LoadState,
  MOVE_DEBOUNCE_MS,
  SERVER_MAP_PX,
  WIDEST_MAP_PX,
} from "~/components/discover/discover-stalls";
import type { MapView, ViewChange } from "~/components/map/discover-map.client";
import { type Located, locateVisitor, useLocateVisitor } from "~/components/map/use-locate-visitor";
import { geolocationGranted } from "~/lib/client/geolocation";
import { rememberArea } from "~/lib/client/remember-area";
import { msg } from "~/lib/i18n/translate";
import {
  type DiscoverFilter,
  type DiscoverQuery,
  readDiscoverFilter,
  sameQuery,
  sameSpot,
} from "~/lib/rules/discover-query";
import type { LatLng } from "~/lib/rules/geo";
import { boxCenter, boxCovers, clampBox, inBox, viewBox } from "~/lib/rules/nearby-plan";
import type { PreviewMarker } from "~/lib/rules/stall-clusters";

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

/** The stalls around a located visitor: as much as the widest map shows there. */
function queryAround(position: LatLng, filter: DiscoverFilter): DiscoverQuery {
  const view = { ...position, zoom: DISCOVER_ZOOM };
  return { box: viewBox(view, view.zoom, SERVER_MAP_PX.width, SERVER_MAP_PX.height), from: position, filter };
}

/** A visitor's position, asked on arrival, and the stalls around it, asked as soon as it is known. */
interface Arrival {
  located: Promise<Located>;
  stalls: Promise<Loaded | null>;
}

/** For a visitor who already allowed location, their arrival asked at once, with no prompt; null for others. */
async function arriveIfAllowed(filter: DiscoverFilter): Promise<Arrival | null> {
  if (!(await geolocationGranted())) return null;
  const located = locateVisitor();
  const stalls = located.then((found) =>
    found.ok ? fetchStalls(queryAround(found.position, filter)) : null,
  );
  // A failure is the load's to show, once the page takes these stalls; untaken, it is nobody's.
  stalls.catch(() => undefined);
  return { located, stalls };
}

// Asked as the page's code loads, not once it has hydrated: for a visitor located far from the area the server drew,
// the position and then their stalls were two waits in a row after hydration (ADR 065). The page's first mount takes
// it, whether it locates the visitor or not, so a later visit in the same tab never gets this one's position.
let arrivalOnLoad: Promise<Arrival | null> | null =
  typeof document === "undefined"
    ? null
    : arriveIfAllowed(readDiscoverFilter(new URLSearchParams(window.location.search).get("filter")));

/** What the server gave Discover to start with (its loader's answer). */
export interface DiscoverStart {
  view: MapView;
  loaded: Loaded;
  preview: PreviewMarker[];
  ownLocation: LatLng | null;
  locateOnArrival: boolean;
}

/**
 * Discover's stalls from where the server started them: loads an area's when the filter changes, the map moves or
 * the visitor is located, keeps how many cards the list shows, and the markers the map's placeholder shows.
 */
export function useDiscoverStalls(start: DiscoverStart, filter: DiscoverFilter) {
  const [loaded, setLoaded] = useState<Loaded>(start.loaded);
  const [query, setQuery] = useState<DiscoverQuery>(start.loaded.query);
  const [load, setLoad] = useState<LoadState>({ state: "done" });
  const [attempt, setAttempt] = useState(0);
  // Where the page moves the map; the visitor's own pans are reported back, never set here.
  const [mapView, setMapView] = useState<MapView>(start.view);
  const [ownLocation, setOwnLocation] = useState<LatLng | null>(start.ownLocation);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [shown, setShown] = useState(LIST_PAGE);
  const { locating, locate: whereIsVisitor } = useLocateVisitor();
  // A located visitor's position until their area's stalls are here. The map then moves there and shows them in
  // one render (moved before, it showed a blank area until they came), and until then the old area's stalls and
  // the map's reports of it are measured from where they were.
  const arriving = useRef<LatLng | null>(null);
  // The stalls asked for with the visitor's position on arrival, until the load that wants them takes them.
  const arrivalStalls = useRef<Promise<Loaded | null> | null>(null);
  // Where the page has moved the map, until the map reports a box that holds it. A report made before the move, or
  // before its render committed, is of the area the page left: on a slow phone New Delhi's, made as the map started,
  // loaded New Delhi's stalls over a located visitor's and blanked their map until its next report.
  const movingTo = useRef<LatLng | null>(null);

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
    const arrive = () => {
      const position = arriving.current;
      arriving.current = null;
      if (!position) return;
      movingTo.current = position;
      setOwnLocation(position);
      setMapView({ ...position, zoom: DISCOVER_ZOOM });
    };
    if (attempt === 0 && sameQuery(loadedRef.current.query, query)) {
      arrive();
      return;
    }
    const controller = new AbortController();
    setLoad({ state: "loading" });
    const asked = arrivalStalls.current;
    arrivalStalls.current = null;
    const stalls = asked
      ? asked.then((early) =>
          early && sameQuery(early.query, query) ? early : fetchStalls(query, controller.signal),
        )
      : fetchStalls(query, controller.signal);
    Promise.all([stalls, previewRulesLoaded])
      .then(([next]) => {
        if (controller.signal.aborted) return;
        // A transition: React renders the new stalls in slices between the browser's other work. The map moves in
        // the same render, so the new area's markers replace the old ones in one paint.
        startTransition(() => {
          setLoaded(next);
          arrive();
          setShown(LIST_PAGE);
          setLoad({ state: "done" });
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The visitor's own area, even without its stalls: Try Again loads them there.
        arrive();
        setLoad({
          state: "error",
          message: error instanceof Error && error.message ? error.message : msg("Failed to fetch stalls"),
        });
      });
    return () => controller.abort();
  }, [query, attempt]);

  /**
   * Shows the visitor's area: loads its stalls at once, as much as the widest map shows, and moves the map there
   * when they are here. The map's own report of its new box then finds them loaded.
   */
  const showVisitorArea = useCallback((found: Located) => {
    if (!found.ok) {
      // The area already shown (New Delhi on a first visit) stays: it is the fallback the message speaks of.
      setLocationMessage(found.message);
      return;
    }
    const { position } = found;
    const target = { ...position, zoom: DISCOVER_ZOOM };
    rememberArea(target);
    arriving.current = position;
    setLocationMessage(null);
    setQuery((current) => queryAround(position, current.filter));
  }, []);

  const locate = useCallback(
    async (asked?: Promise<Located>) => showVisitorArea(await whereIsVisitor(asked)),
    [whereIsVisitor, showVisitorArea],
  );

  // Only a visitor who already allowed location is located on arrival: anyone else is never prompted unasked.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const askedOnLoad = arrivalOnLoad;
    arrivalOnLoad = null;
    if (start.ownLocation) return;
    void (askedOnLoad ?? arriveIfAllowed(filter)).then((arrival) => {
      arrivalStalls.current = arrival?.stalls ?? null;
      if (arrival || start.locateOnArrival) void locate(arrival?.located);
    });
  }, [locate, filter, start.ownLocation, start.locateOnArrival]);

  const moveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(moveTimer.current), []);
  const onViewChange = useCallback(({ box, view: seen }: ViewChange) => {
    clearTimeout(moveTimer.current);
    moveTimer.current = setTimeout(() => {
      const wanted = clampBox(box);
      // While the page moves the map to a located visitor, the only report that counts is of the box around them.
      if (arriving.current !== null) return;
      if (movingTo.current !== null) {
        if (!inBox(wanted, movingTo.current)) return;
        movingTo.current = null;
      }
      rememberArea(seen);
      const current = loadedRef.current;
      const from = ownLocationRef.current ?? boxCenter(wanted);
      // Stalls already loaded for a box around this one, measured from the same point, are all there is to show,
      // unless that load was cut short.
      const sameFrom = (asked: DiscoverQuery) =>
        ownLocationRef.current === null || sameSpot(asked.from, from);
      if (!current.truncated && sameFrom(current.query) && boxCovers(current.query.box, wanted)) return;
      // A load still running for a box around this one will answer it too.
      const pending = queryRef.current;
      if (pending !== current.query && sameFrom(pending) && boxCovers(pending.box, wanted)) return;
      setQuery((previous) => ({ ...previous, box: wanted, from }));
    }, MOVE_DEBOUNCE_MS);
  }, []);

  // The server's markers for the page's first area and stalls; once a position or a load came before the map, the
  // same markers drawn here from the stalls loaded, where the map will look. Stalls loaded for another area (New
  // Delhi's, before a visitor elsewhere was found) show nothing there until theirs have loaded.
  const previewMarkers = useMemo(() => {
    if (mapView === start.view && loaded === start.loaded) return start.preview;
    if (!previewRules || !inBox(loaded.query.box, mapView)) return null;
    const shows = viewBox(mapView, mapView.zoom, WIDEST_MAP_PX.width, WIDEST_MAP_PX.height);
    return previewRules.previewMarkers(loaded.stalls, mapView, shows);
  }, [mapView, loaded, start]);

  return {
    loaded,
    load,
    retry: () => setAttempt((n) => n + 1),
    mapView,
    onViewChange,
    previewMarkers,
    ownLocation,
    locate,
    locating,
    locationMessage,
    shown,
    showMore: () => setShown((n) => n + LIST_PAGE),
  };
}
