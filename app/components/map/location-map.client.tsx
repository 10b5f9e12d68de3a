// The location picker's map: one draggable marker. Browser-only, like every Leaflet module (see
// discover-map.client): location-picker.tsx loads it with React.lazy inside <ClientMap>.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useRef } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { MapZoomControl } from "~/components/map/zoom-control.client";
import { useT } from "~/components/use-t";
import {
  normalisePosition,
  PICKER_DEFAULT_CENTER,
  PICKER_DEFAULT_ZOOM,
  PICKER_MAX_ZOOM,
  samePosition,
} from "~/lib/client/location-picker";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import { OSM_ATTRIBUTION, OSM_TILES } from "./tiles";

const MARKER_LABEL = msg("Selected location");
/** Pixels an arrow key moves the focused marker (Shift: five times as far). */
const KEY_STEP_PX = 10;
/** A keyboard move is committed (and its address looked up) once the keys rest this long. */
const KEY_COMMIT_MS = 600;

// A saffron pin whose tip is the chosen point. A divIcon: Leaflet's default image markers break under bundlers.
const pinIcon = L.divIcon({
  className: "",
  html: `<svg width="34" height="44" viewBox="0 0 34 44" aria-hidden="true" focusable="false" style="display:block;filter:drop-shadow(0 1px 2px rgba(0,0,0,.45))"><path d="M17 1C8.2 1 1 8 1 16.6 1 28.3 17 43 17 43s16-14.7 16-26.4C33 8 25.8 1 17 1z" fill="#c2410c" stroke="#fff" stroke-width="2.5"/><circle cx="17" cy="16.5" r="5.5" fill="#fff"/></svg>`,
  iconSize: [34, 44],
  iconAnchor: [17, 43],
});

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Flies to `position` at `zoom` when the position, the zoom or `flyKey` change, except to the place the
 * marker was just dropped on (the map is already there). The first render is the MapContainer's own centre.
 */
function FlyTo({
  position,
  zoom,
  flyKey,
  lastDrop,
}: {
  position: LatLng | null;
  zoom: number;
  flyKey: number;
  lastDrop: { current: LatLng | null };
}) {
  const map = useMap();
  const first = useRef(true);
  const lastKey = useRef(flyKey);
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const asked = lastKey.current !== flyKey;
    lastKey.current = flyKey;
    if (lat === undefined || lng === undefined) return;
    if (!asked && samePosition(lastDrop.current, { lat, lng })) return;
    if (prefersReducedMotion()) map.setView([lat, lng], zoom, { animate: false });
    else map.flyTo([lat, lng], zoom, { duration: 0.8 });
  }, [map, lat, lng, zoom, flyKey, lastDrop]);
  return null;
}

/** A tap or click on the map moves the marker there (and places it when there is none yet). */
function TapToPlace({ onPlace }: { onPlace: (position: LatLng) => void }) {
  useMapEvents({ click: (event) => onPlace(normalisePosition(event.latlng.wrap())) });
  return null;
}

function SelectedMarker({
  position,
  describedBy,
  onDrop,
}: {
  position: LatLng;
  describedBy?: string;
  onDrop: (position: LatLng) => void;
}) {
  const map = useMap();
  const t = useT();
  const label = t(MARKER_LABEL);
  const markerRef = useRef<L.Marker | null>(null);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  // Arrow keys move the focused marker (without panning the map) and the move is committed when they rest.
  useEffect(() => {
    const marker = markerRef.current;
    const element = marker?.getElement();
    if (!marker || !element) return;
    element.setAttribute("aria-label", label);
    if (describedBy) element.setAttribute("aria-describedby", describedBy);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const step = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
      const offsets: Record<string, [number, number]> = {
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
      };
      const offset = offsets[event.key];
      if (!offset) return;
      L.DomEvent.stop(event);
      const point = map.latLngToContainerPoint(marker.getLatLng()).add(offset);
      const next = map.containerPointToLatLng(point);
      marker.setLatLng(next);
      if (!map.getBounds().pad(-0.1).contains(next)) map.panTo(next);
      clearTimeout(timer);
      timer = setTimeout(
        () => onDropRef.current(normalisePosition(marker.getLatLng().wrap())),
        KEY_COMMIT_MS,
      );
    };
    element.addEventListener("keydown", onKeyDown);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, [map, describedBy, label]);

  const eventHandlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const marker = event.target as L.Marker;
        onDropRef.current(normalisePosition(marker.getLatLng().wrap()));
      },
    }),
    [],
  );

  return (
    <Marker
      ref={markerRef}
      position={[position.lat, position.lng]}
      icon={pinIcon}
      draggable
      keyboard
      autoPan
      title={label}
      alt={label}
      eventHandlers={eventHandlers}
    />
  );
}

export default function LocationMap({
  position,
  zoom,
  flyKey = 0,
  onDrop,
  describedBy,
}: {
  /** Where the marker stands; null: no marker, the map shows the default location. */
  position: LatLng | null;
  /** The zoom to fly to when `position` changes (the action that moved it decides: 15 search, 18 current). */
  zoom: number;
  /** Changing it flies to `position` even when the position itself did not change. */
  flyKey?: number;
  /** The marker was dragged (or moved by keyboard or a tap on the map) to a new place. */
  onDrop: (position: LatLng) => void;
  /** Id of the text that explains how to use the map, for the marker's aria-describedby. */
  describedBy?: string;
}) {
  const lastDrop = useRef<LatLng | null>(null);
  const drop = (next: LatLng) => {
    lastDrop.current = next;
    onDrop(next);
  };
  const center = position ?? PICKER_DEFAULT_CENTER;
  return (
    <MapContainer
      zoomControl={false}
      center={[center.lat, center.lng]}
      zoom={position ? zoom : PICKER_DEFAULT_ZOOM}
      maxZoom={PICKER_MAX_ZOOM}
      scrollWheelZoom={false}
      className="h-[320px] w-full rounded-xl"
    >
      <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={PICKER_MAX_ZOOM} />
      <FlyTo position={position} zoom={zoom} flyKey={flyKey} lastDrop={lastDrop} />
      <TapToPlace onPlace={drop} />
      {position ? <SelectedMarker position={position} describedBy={describedBy} onDrop={drop} /> : null}
      <MapZoomControl />
    </MapContainer>
  );
}
