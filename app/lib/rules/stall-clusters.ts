import Supercluster from "supercluster";
import type { LatLng } from "./geo";
import { CLUSTER_COLOUR, MARKER_COLOURS, markerKind } from "./markers";
import { type Box, pixelOffset } from "./nearby-plan";

/**
 * Radius in the map's 256 px tiles (extent), wider than the largest cluster disc, so no two markers overlap and each
 * stays a whole touch target. Clustering keeps thousands of stalls smooth.
 */
const OPTIONS = { radius: 60, extent: 256, maxZoom: 17 };

/** What a map draws at one place: a stall (its index in the list clustered) or a cluster of `count` stalls. */
export type MapPoint =
  | { kind: "stall"; index: number; lat: number; lng: number }
  | { kind: "cluster"; id: number; count: number; lat: number; lng: number };

export interface StallClusters {
  /** The stalls and clusters inside `box` at `zoom` (rounded, as the map's zoom may be fractional mid-animation). */
  pointsIn(box: Box, zoom: number): MapPoint[];
  /** The zoom at which a cluster falls apart: clicking one zooms there. */
  expansionZoom(clusterId: number): number;
}

/** One index over `stalls`, asked by Discover's map at every move, and by its server-drawn preview once. */
export function clusterStalls(stalls: readonly { latitude: number; longitude: number }[]): StallClusters {
  const index = new Supercluster<{ index: number }>(OPTIONS);
  index.load(
    stalls.map((stall, i) => ({
      type: "Feature" as const,
      properties: { index: i },
      geometry: { type: "Point" as const, coordinates: [stall.longitude, stall.latitude] },
    })),
  );
  return {
    pointsIn: (box, zoom) =>
      index.getClusters([box.west, box.south, box.east, box.north], Math.round(zoom)).map((feature) => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const properties = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          index?: number;
        };
        return properties.cluster && properties.cluster_id !== undefined
          ? { kind: "cluster", id: properties.cluster_id, count: properties.point_count ?? 0, lat, lng }
          : { kind: "stall", index: properties.index ?? -1, lat, lng };
      }),
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
  };
}

/** A marker of the map's preview: px right of and below the map's middle, its colour, and a cluster's count. */
export interface PreviewMarker {
  x: number;
  y: number;
  colour: string;
  count?: number;
}

/**
 * The markers a map centred on `view` draws first, for the page's HTML to show before the map's code has run (on a
 * slow phone, most of a second): the same clusters and colours, at the same places, so the map replaces the
 * preview without anything moving.
 */
export function previewMarkers(
  stalls: readonly {
    latitude: number;
    longitude: number;
    isOpen: boolean;
    discovery_tags: readonly string[];
  }[],
  view: LatLng & { zoom: number },
  box: Box,
): PreviewMarker[] {
  return clusterStalls(stalls)
    .pointsIn(box, view.zoom)
    .flatMap((point) => {
      const { x, y } = pixelOffset(view, point, Math.round(view.zoom));
      const at = { x: Math.round(x), y: Math.round(y) };
      if (point.kind === "cluster") return [{ ...at, colour: CLUSTER_COLOUR, count: point.count }];
      const stall = stalls[point.index];
      return stall ? [{ ...at, colour: MARKER_COLOURS[markerKind(stall.isOpen, stall.discovery_tags)] }] : [];
    });
}
