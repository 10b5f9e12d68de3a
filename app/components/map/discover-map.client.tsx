// Discover's map. Leaflet touches `window`, so this module is loaded only in the browser, after mount, and only
// on pages with a map: it never weighs on the first load of other pages.
import { Link } from "@remix-run/react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo, useState } from "react";
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import Supercluster from "supercluster";
import { OpenBadge } from "~/components/stall/open-badge";
import { Rating } from "~/components/stall/stall-card";
import type { LatLng } from "~/lib/rules/geo";
import { formatKm } from "~/lib/rules/geo";
import { MARKER_COLOURS, markerKind } from "~/lib/rules/markers";
import type { StallListItem } from "~/models/stall/rows.server";
import { OSM_ATTRIBUTION, OSM_TILES } from "./tiles";

export const MAP_ZOOM = 13;
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
      html: `<span style="display:block;width:22px;height:22px;border-radius:9999px;background:${colour};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
      iconSize: [22, 22],
      iconAnchor: [11, 11],
      popupAnchor: [0, -12],
    });
    icons.set(colour, icon);
  }
  return icon;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 42 : 50;
  return L.divIcon({
    className: "",
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:9999px;background:#c2410c;color:#fff;font:700 14px system-ui;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

type Feature = Supercluster.PointFeature<{ index: number }>;

/** Groups nearby markers at low zoom so thousands of stalls stay smooth; a cluster click zooms into it. */
function ClusteredMarkers({ stalls }: { stalls: MapStall[] }) {
  const map = useMap();
  const index = useMemo(() => {
    const cluster = new Supercluster<{ index: number }>({ radius: 50, maxZoom: 17 });
    cluster.load(
      stalls.map<Feature>((stall, i) => ({
        type: "Feature",
        properties: { index: i },
        geometry: { type: "Point", coordinates: [stall.longitude, stall.latitude] },
      })),
    );
    return cluster;
  }, [stalls]);
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });

  const clusters = index.getClusters(
    [view.bounds.getWest(), view.bounds.getSouth(), view.bounds.getEast(), view.bounds.getNorth()],
    Math.round(view.zoom),
  );

  return (
    <>
      {clusters.map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          index?: number;
        };
        if (properties.cluster && properties.cluster_id !== undefined) {
          const clusterId = properties.cluster_id;
          return (
            <Marker
              key={`cluster-${clusterId}`}
              position={[lat, lng]}
              icon={clusterIcon(properties.point_count ?? 0)}
              title={`${properties.point_count} stalls`}
              keyboard
              eventHandlers={{
                click: () =>
                  map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), MAX_ZOOM)),
              }}
            />
          );
        }
        const stall = stalls[properties.index ?? -1];
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
  return (
    <div className="min-w-48 space-y-1 font-sans text-sm" data-testid="stall-popup">
      <p className="font-bold text-base">
        <Link to={`/stall/${stall.id}`}>{stall.name}</Link>
      </p>
      <p className="!m-0 line-clamp-2">{stall.description}</p>
      <p className="!m-0 text-gray-600">{stall.location}</p>
      <p className="!m-0 flex items-center gap-2">
        {stall.distance !== null ? <span className="font-semibold">{formatKm(stall.distance)}</span> : null}
        <OpenBadge state={stall.isOpen ? stall.open_state : "closed"} />
        <Rating value={stall.rating_average} />
      </p>
      <p className="!m-0 flex flex-wrap gap-1">
        {stall.tags.slice(0, 2).map((tag) => (
          <span key={tag} className="rounded-full bg-orange-100 px-2 py-0.5 text-orange-900 text-xs">
            {tag}
          </span>
        ))}
      </p>
    </div>
  );
}

/** Keeps the map on the visitor's location when it changes (a fix arrives, or Use My Location). */
function FollowCenter({ center }: { center: LatLng }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.lat, center.lng], map.getZoom());
  }, [map, center.lat, center.lng]);
  return null;
}

export default function DiscoverMap({
  stalls,
  center,
  userLocation,
}: {
  stalls: MapStall[];
  center: LatLng;
  userLocation: LatLng | null;
}) {
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={MAP_ZOOM}
      maxZoom={MAX_ZOOM}
      className="h-[500px] w-full rounded-xl"
      aria-label="Map of food stalls"
    >
      <TileLayer url={OSM_TILES} attribution={OSM_ATTRIBUTION} maxZoom={MAX_ZOOM} />
      <FollowCenter center={center} />
      <ClusteredMarkers stalls={stalls} />
      {userLocation ? (
        <CircleMarker
          center={[userLocation.lat, userLocation.lng]}
          radius={8}
          pathOptions={{ color: "#ffffff", weight: 3, fillColor: "#2563eb", fillOpacity: 1 }}
        />
      ) : null}
    </MapContainer>
  );
}
