// Discover's map. Leaflet touches `window`, so this module is loaded only in the browser, after mount, and only
// on pages with a map: it never weighs on the first load of other pages.
import { Link } from "@remix-run/react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { MapZoomControl } from "~/components/map/zoom-control.client";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { OpenBadge } from "~/components/stall/open-badge";
import { Rating } from "~/components/stall/stall-card";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import type { LatLng } from "~/lib/rules/geo";
import {
  CLUSTER_COLOUR,
  clusterDiscPx,
  MARKER_COLOURS,
  markerKind,
  STALL_DOT_PX,
  YOU_ARE_HERE_COLOUR,
} from "~/lib/rules/markers";
import type { Box } from "~/lib/rules/nearby-plan";
import { clusterStalls } from "~/lib/rules/stall-clusters";
import type { StallListItem } from "~/models/stall/stall.server";
import { OSM_ATTRIBUTION, OSM_TILES } from "./tiles";

const MAX_ZOOM = 19;

type MapStall = Pick<
  StallListItem,
  | "id"
  | "name"
  | "description"
  | "location"
  | "latitude"
  | "longitude"
  | "distance"
  | "isOpen"
  | "open_state"
  | "rating_average"
  | "tags"
  | "discovery_tags"
>;

const icons = new Map<string, L.DivIcon>();

function stallIcon(colour: string): L.DivIcon {
  let icon = icons.get(colour);
  if (!icon) {
    icon = L.divIcon({
      className: "",
      html: `<span class="map-dot" style="width:${STALL_DOT_PX}px;height:${STALL_DOT_PX}px;background:${colour}"></span>`,
      iconSize: [STALL_DOT_PX, STALL_DOT_PX],
      iconAnchor: [STALL_DOT_PX / 2, STALL_DOT_PX / 2],
      popupAnchor: [0, -STALL_DOT_PX / 2],
    });
    icons.set(colour, icon);
  }
  return icon;
}

function clusterIcon(count: number): L.DivIcon {
  const size = clusterDiscPx(count);
  return L.divIcon({
    className: "",
    html: `<span class="map-dot" style="width:${size}px;height:${size}px;background:${CLUSTER_COLOUR}">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * Markers added per task. React adds every marker of a render in one commit, and Leaflet builds and places each then:
 * a dense area's markers together, on top of the map's own drawing, made tasks of 250 ms and more on a throttled
 * phone (issue 35). The preview stands in for the markers not added yet.
 */
const MARKERS_PER_TASK = 20;

/** Groups nearby markers at low zoom so thousands of stalls stay smooth; a cluster click zooms into it. */
function ClusteredMarkers({ stalls, onFirstDraw }: { stalls: MapStall[]; onFirstDraw: () => void }) {
  const map = useMap();
  const t = useT();
  const clusters = useMemo(() => clusterStalls(stalls), [stalls]);
  // The markers are drawn in tasks after the map's own, MARKERS_PER_TASK at a time: together they were one task of
  // about 200 ms on a throttled phone. The preview stands in for them until all are there.
  const [added, setAdded] = useState(0);
  // The box is read from the map at each render, not kept from the last moveend: a move made before this
  // component listened (the map following the visitor as it mounts) left a stale box, and no markers, until the
  // next pan. A move re-renders it. The listener is one object for the component's life: a new one each render was
  // swapped in after the render's effects, so a move made in them (the map following a located visitor, in the
  // render that brings their stalls) went unheard, and the map showed no markers until the next load.
  const [, setMoves] = useState(0);
  const onMove = useMemo(() => ({ moveend: () => setMoves((moves) => moves + 1) }), []);
  useMapEvents(onMove);
  const bounds = map.getBounds();
  const points = clusters.pointsIn(
    { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
    map.getZoom(),
  );
  // At least one task passes before the first markers, even where there are none to add.
  const total = points.length;
  const allAdded = added > 0 && added >= total;
  useEffect(() => {
    if (added > 0 && added >= total) return;
    const timer = setTimeout(() => setAdded((count) => count + MARKERS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [added, total]);
  // Asked only until the first draw: the page's callback sets a flag once.
  useEffect(() => {
    if (allAdded) onFirstDraw();
  }, [allAdded, onFirstDraw]);

  return (
    <>
      {points.slice(0, added).map((point) => {
        const { lat, lng } = point;
        if (point.kind === "cluster") {
          return (
            <Marker
              key={`cluster-${point.id}`}
              position={[lat, lng]}
              icon={clusterIcon(point.count)}
              // A cluster holds two stalls or more, so its title needs no plural, and without one the map's first
              // draw does not build the page's first Intl.NumberFormat (60 ms of a throttled phone's CPU).
              title={t("{count} stalls", { count: point.count })}
              keyboard
              eventHandlers={{
                click: () => map.setView([lat, lng], Math.min(clusters.expansionZoom(point.id), MAX_ZOOM)),
              }}
            />
          );
        }
        const stall = stalls[point.index];
        if (!stall) return null;
        return (
          <Marker
            key={stall.id}
            position={[lat, lng]}
            icon={stallIcon(MARKER_COLOURS[markerKind(stall.isOpen, stall.discovery_tags)])}
            title={stall.name}
            alt={stall.name}
            keyboard
          >
            <Popup>
              <StallPopup stall={stall} />
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

function StallPopup({ stall }: { stall: MapStall }) {
  const formatDistance = useFormatDistance();
  const label = useLabel();
  return (
    <div className="min-w-48 space-y-1 font-sans text-sm" data-testid="stall-popup">
      <p className="font-bold text-base">
        <Link to={`/stall/${stall.id}`}>{stall.name}</Link>
      </p>
      <p className="!m-0 line-clamp-2">{stall.description}</p>
      <p className="!m-0 text-gray-600">{stall.location}</p>
      <p className="!m-0 flex items-center gap-2">
        {stall.distance !== null ? (
          <span className="font-semibold">{formatDistance(stall.distance)}</span>
        ) : null}
        <OpenBadge state={stall.isOpen ? stall.open_state : "closed"} />
        <Rating value={stall.rating_average} />
      </p>
      <p className="!m-0 flex flex-wrap gap-1">
        {stall.tags.slice(0, 2).map((tag) => (
          <span key={tag} className="rounded-full bg-orange-100 px-2 py-0.5 text-orange-900 text-xs">
            {label(tag)}
          </span>
        ))}
      </p>
    </div>
  );
}

/** Where the map looks: the page changes it to move the map (a position arrived), the visitor by panning. */
export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface ViewChange {
  box: Box;
  view: MapView;
}

/**
 * Moves the map when the page asks for another view (a position arrived, or Use My Location). Before the browser
 * paints: the markers re-rendered for the new box then come in the same frame as the stalls that asked for it.
 */
function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  useLayoutEffect(() => {
    map.setView([view.lat, view.lng], view.zoom);
  }, [map, view]);
  return null;
}

/** Tells the page what the map shows: once it is drawn, and after every pan or zoom. */
function ReportView({ onChange }: { onChange: (change: ViewChange) => void }) {
  const map = useMap();
  useEffect(() => {
    const report = () => {
      const bounds = map.getBounds();
      const center = map.getCenter();
      onChange({
        box: {
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        },
        view: { lat: center.lat, lng: center.lng, zoom: map.getZoom() },
      });
    };
    report();
    map.on("moveend", report);
    return () => {
      map.off("moveend", report);
    };
  }, [map, onChange]);
  return null;
}

export default function DiscoverMap({
  stalls,
  view,
  userLocation,
  onViewChange,
  preview,
}: {
  stalls: MapStall[];
  view: MapView;
  userLocation: LatLng | null;
  onViewChange: (change: ViewChange) => void;
  /** The server's picture of the first markers (MapPreview), shown over the map until its own are drawn. */
  preview?: ReactNode;
}) {
  const t = useT();
  const [markersDrawn, setMarkersDrawn] = useState(false);
  const markersDrawnNow = useCallback(() => setMarkersDrawn(true), []);
  // MapContainer keeps only its className, id and style for its element: the name goes on a wrapper.
  return (
    <section aria-label={t("Map of food stalls")} className="relative">
      <MapContainer
        zoomControl={false}
        center={[view.lat, view.lng]}
        zoom={view.zoom}
        maxZoom={MAX_ZOOM}
        className="h-[500px] w-full rounded-xl"
      >
        <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={MAX_ZOOM} />
        <FollowView view={view} />
        <ReportView onChange={onViewChange} />
        <ClusteredMarkers stalls={stalls} onFirstDraw={markersDrawnNow} />
        {userLocation ? (
          <CircleMarker
            center={[userLocation.lat, userLocation.lng]}
            radius={8}
            pathOptions={{ color: "#ffffff", weight: 3, fillColor: YOU_ARE_HERE_COLOUR, fillOpacity: 1 }}
          >
            <Popup>{t("You are here")}</Popup>
          </CircleMarker>
        ) : null}
        <MapZoomControl />
      </MapContainer>
      {/* Above the tiles and markers, below the map's controls (Leaflet's panes are z 200-700, controls 800+). */}
      {markersDrawn || !preview ? null : (
        <div className="pointer-events-none absolute inset-0 z-[650]">{preview}</div>
      )}
    </section>
  );
}
