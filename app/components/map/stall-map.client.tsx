// The stall page's location map (zoom 16). Browser-only, like every Leaflet module (see discover-map.client).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { MapContainer, Marker, TileLayer } from "react-leaflet";
import { MapZoomControl } from "~/components/map/zoom-control.client";
import { OSM_ATTRIBUTION, OSM_TILES } from "./tiles";

export default function StallMap({
  lat,
  lng,
  name,
  colour,
}: {
  lat: number;
  lng: number;
  name: string;
  colour: string;
}) {
  const icon = L.divIcon({
    className: "",
    html: `<span style="display:block;width:26px;height:26px;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
  return (
    <MapContainer
      zoomControl={false}
      center={[lat, lng]}
      zoom={16}
      maxZoom={19}
      scrollWheelZoom={false}
      className="h-64 w-full rounded-lg"
    >
      <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={19} />
      <Marker position={[lat, lng]} icon={icon} title={name} alt={name} />
      <MapZoomControl />
    </MapContainer>
  );
}
