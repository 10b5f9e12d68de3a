import { discoverView } from "~/components/discover/discover-header";
import type { DiscoverStall } from "~/components/discover/discover-stalls";
import { WIDEST_MAP_PX } from "~/components/discover/discover-stalls";
import { earlyLazy } from "~/components/early-lazy";
import { ClientMap } from "~/components/map/client-map";
import type { MapView, ViewChange } from "~/components/map/discover-map.client";
import { MapLegend } from "~/components/map/map-legend";
import { MapPreview } from "~/components/map/map-preview";
import type { LatLng } from "~/lib/rules/geo";
import type { PreviewMarker } from "~/lib/rules/stall-clusters";

// The map's code starts loading as soon as this module has run in the browser, alongside hydration (ADR 015), unless
// the page opens on the list: Leaflet's start, a long task on a phone, would then be spent on a map not drawn
// (ADR 066).
const DiscoverMap = earlyLazy(
  () => import("~/components/map/discover-map.client"),
  () => discoverView(new URLSearchParams(window.location.search)) === "map",
);

/** Discover's map, drawn in the browser once its code is here; until then the markers `preview` places. */
export function DiscoverMapView({
  stalls,
  view,
  ownLocation,
  previewMarkers,
  onViewChange,
}: {
  stalls: DiscoverStall[];
  view: MapView;
  ownLocation: LatLng | null;
  previewMarkers: readonly PreviewMarker[] | null;
  onViewChange: (change: ViewChange) => void;
}) {
  const preview = previewMarkers ? <MapPreview markers={previewMarkers} /> : null;
  return (
    <>
      <ClientMap height={WIDEST_MAP_PX.height} preview={preview}>
        <DiscoverMap
          preview={preview}
          stalls={stalls}
          view={view}
          userLocation={ownLocation}
          onViewChange={onViewChange}
        />
      </ClientMap>
      <MapLegend youAreHere={ownLocation !== null} />
    </>
  );
}
