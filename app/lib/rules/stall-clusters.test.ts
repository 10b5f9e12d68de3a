import { describe, expect, it } from "vitest";
import { CLUSTER_COLOUR, MARKER_COLOURS } from "~/lib/rules/markers";
import { viewBox } from "~/lib/rules/nearby-plan";
import { clusterStalls, previewMarkers } from "~/lib/rules/stall-clusters";

const DELHI = { lat: 28.6139, lng: 77.209, zoom: 13 };
const box = viewBox(DELHI, DELHI.zoom, 1152, 560);
const stall = (lat: number, lng: number, isOpen = true, discovery_tags: string[] = []) => ({
  latitude: lat,
  longitude: lng,
  isOpen,
  discovery_tags,
});

describe("clusterStalls", () => {
  it("answers lone stalls by their index and close ones as a cluster that falls apart deeper in", () => {
    const stalls = [stall(28.6139, 77.209), stall(28.614, 77.2091), stall(28.63, 77.24)];
    const clusters = clusterStalls(stalls);
    const points = clusters.pointsIn(box, DELHI.zoom);
    expect(points).toHaveLength(2);
    const cluster = points.find((point) => point.kind === "cluster");
    expect(cluster).toMatchObject({ kind: "cluster", count: 2 });
    expect(points.find((point) => point.kind === "stall")).toMatchObject({ kind: "stall", index: 2 });
    if (cluster?.kind !== "cluster") throw new Error("no cluster");
    expect(clusters.expansionZoom(cluster.id)).toBeGreaterThan(DELHI.zoom);
    // Rounded as the map's zoom may be mid-animation.
    expect(clusters.pointsIn(box, 13.4)).toEqual(points);
  });

  it("leaves out stalls outside the box", () => {
    expect(clusterStalls([stall(12.9352, 77.6245)]).pointsIn(box, DELHI.zoom)).toEqual([]);
  });
});

describe("previewMarkers", () => {
  it("draws each stall at its offset from the map's middle, in its marker colour", () => {
    const markers = previewMarkers(
      [stall(DELHI.lat, DELHI.lng), stall(28.6, 77.3, false), stall(28.63, 77.15, true, ["hidden gem"])],
      DELHI,
      box,
    );
    expect(markers).toContainEqual({ x: 0, y: 0, colour: MARKER_COLOURS.open });
    // East and south of the middle: right of it and below.
    const closed = markers.find((marker) => marker.colour === MARKER_COLOURS.closed);
    expect(closed?.x).toBeGreaterThan(0);
    expect(closed?.y).toBeGreaterThan(0);
    const gem = markers.find((marker) => marker.colour === MARKER_COLOURS["hidden-gem"]);
    expect(gem?.x).toBeLessThan(0);
    expect(gem?.y).toBeLessThan(0);
  });

  it("draws a cluster with its count in the clusters' colour", () => {
    const markers = previewMarkers(
      [stall(28.6139, 77.209), stall(28.614, 77.2091), stall(28.6141, 77.209)],
      DELHI,
      box,
    );
    expect(markers).toEqual([expect.objectContaining({ colour: CLUSTER_COLOUR, count: 3 })]);
  });

  it("draws nothing for no stalls", () => {
    expect(previewMarkers([], DELHI, box)).toEqual([]);
  });
});
