// What the Map Lab's maps share: the map itself (tiles, size, a name for screen readers), moving it when a tool
// asks, and the round markers. Browser-only, like every Leaflet module (see discover-map.client).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { type ReactNode, useEffect } from "react";
import { MapContainer, TileLayer, useMap } from "react-leaflet";
import { OSM_ATTRIBUTION, OSM_TILES } from "~/components/map/tiles";
import { MapZoomControl } from "~/components/map/zoom-control.client";
import type { LatLng } from "~/lib/rules/geo";
import { LAB_MAX_ZOOM } from "~/lib/rules/map-lab";
import type { Box } from "~/lib/rules/nearby-plan";

export function LabMap({
  center,
  zoom,
  label,
  children,
}: {
  center: LatLng;
  zoom: number;
  /** The map's accessible name: what it shows. */
  label: string;
  children?: ReactNode;
}) {
  // MapContainer keeps only its className, id and style for its element: the name goes on a wrapper.
  return (
    <section aria-label={label}>
      <MapContainer
        zoomControl={false}
        center={[center.lat, center.lng]}
        zoom={zoom}
        maxZoom={LAB_MAX_ZOOM}
        scrollWheelZoom={false}
        className="h-[320px] w-full rounded-xl"
      >
        <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={LAB_MAX_ZOOM} />
        {children}
        <MapZoomControl />
      </MapContainer>
    </section>
  );
}

/** Moves the map to `center` at `zoom` whenever a tool changes either (the first render is the map's own). */
export function ViewTo({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  const { lat, lng } = center;
  useEffect(() => {
    map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom]);
  return null;
}

/** Shows the whole of a box, e.g. an imported file. */
export function FitBox({ box }: { box: Box }) {
  const map = useMap();
  const { south, west, north, east } = box;
  useEffect(() => {
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { padding: [24, 24], maxZoom: 17 },
    );
  }, [map, south, west, north, east]);
  return null;
}

const dots = new Map<string, L.DivIcon>();

/** A round marker in `colour`, with a number in it when the list beside the map numbers its places: a divIcon,
 * since Leaflet's image markers break under bundlers. */
export function dotIcon(colour: string, number?: number): L.DivIcon {
  const key = `${colour}:${number ?? ""}`;
  let icon = dots.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: "",
      html: `<span style="display:flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45);color:#fff;font:700 13px system-ui">${number ?? ""}</span>`,
      iconSize: [26, 26],
      iconAnchor: [13, 13],
      popupAnchor: [0, -13],
    });
    dots.set(key, icon);
  }
  return icon;
}
