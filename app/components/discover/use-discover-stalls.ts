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
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { geolocationGranted } from "~/lib/client/geolocation";
import { rememberArea } from "~/lib/client/remember-area";
import { msg } from "~/lib/i18n/translate";
import { type DiscoverFilter, type DiscoverQuery, sameQuery, sameSpot } from "~/lib/rules/discover-query";
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
export function useDiscoverStalls(start: DiscoverStart, filter: DiscoverFilter, mapOnPage: boolean) {
  const [loaded, setLoaded] = useState<Loaded>(start.loaded);
  const [query, setQuery] = useState<DiscoverQuery>(start.loaded.query);
  const [load, setLoad] = useState<LoadState>({ state: "done" });
  const [attempt, setAttempt] = useState(0);
  // Where the page moves the map; the visitor's own pans are reported back, never set here.
  const [mapView, setMapView] = useState<MapView>(start.view);
  const [ownLocation, setOwnLocation] = useState<LatLng | null>(start.ownLocation);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [shown, setShown] = useState(LIST_PAGE);
  const { locating, locate: locateVisitor } = useLocateVisitor();

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
    if (!mapOnPage) mapShown.current = false;
  }, [mapOnPage]);

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
