// A food trail's map: numbered markers in walking order and the walking line between them. Browser-only, like every
// Leaflet module (see discover-map.client): loaded after mount, only on pages that show a trail.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo } from "react";
import { CircleMarker, MapContainer, Marker, Polyline, Popup, TileLayer, useMap } from "react-leaflet";
import { MapZoomControl } from "~/components/map/zoom-control.client";
import { useT } from "~/components/use-t";
import type { LatLng } from "~/lib/rules/geo";
import { YOU_ARE_HERE_COLOUR } from "~/lib/rules/markers";
import { OSM_ATTRIBUTION, OSM_TILES } from "./tiles";

const MAX_ZOOM = 19;
const LINE_COLOUR = "#c2410c";

export interface TrailMapStop {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A round marker showing the stop's number; a screen reader hears the whole label ("Stop 2: Raju's Momos"). */
function numberIcon(number: number, label: string): L.DivIcon {
  return L.divIcon({
    className: "",
    html: `<span data-stop-number="${number}" aria-hidden="true" style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:9999px;background:${LINE_COLOUR};color:#fff;font:700 14px system-ui;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)">${number}</span><span class="sr-only">${escapeHtml(label)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -15],
  });
}

/** Shows every stop (and the walker) whenever the trail changes: reordering moves the line, not the view. */
function FitTrail({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = points.map((point) => point.join(",")).join(";");
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of points changes, not per render.
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0] as [number, number], 16);
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 17 });
  }, [map, key]);
  return null;
}

export default function TrailMap({
  stops,
  from,
  height,
}: {
  stops: readonly TrailMapStop[];
  /** The walker's starting point when it is not the first stop. */
  from?: LatLng | null;
  height: number;
}) {
  const t = useT();
  const line = useMemo(() => {
    const points = stops.map((stop): [number, number] => [stop.lat, stop.lng]);
    return from ? [[from.lat, from.lng] as [number, number], ...points] : points;
  }, [stops, from]);
  const first = line[0] ?? [28.6139, 77.209];
  return (
    <MapContainer
      zoomControl={false}
      center={first}
      zoom={15}
      maxZoom={MAX_ZOOM}
      scrollWheelZoom={false}
      className="w-full rounded-xl"
      style={{ height }}
      aria-label={t("Map of the trail's stops")}
    >
      <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={MAX_ZOOM} />
      <FitTrail points={line} />
      <Polyline positions={line} pathOptions={{ color: LINE_COLOUR, weight: 4, dashArray: "6 8" }} />
      {from ? (
        <CircleMarker
          center={[from.lat, from.lng]}
          radius={8}
          pathOptions={{ color: "#ffffff", weight: 3, fillColor: YOU_ARE_HERE_COLOUR, fillOpacity: 1 }}
        >
          <Popup>{t("You are here")}</Popup>
        </CircleMarker>
      ) : null}
      {stops.map((stop, index) => {
        const label = t("Stop {number}: {name}", { number: index + 1, name: stop.name });
        return (
          <Marker
            key={stop.id}
            position={[stop.lat, stop.lng]}
            icon={numberIcon(index + 1, label)}
            title={label}
            alt={label}
            keyboard
          >
            <Popup>{label}</Popup>
          </Marker>
        );
      })}
      <MapZoomControl />
    </MapContainer>
  );
}
