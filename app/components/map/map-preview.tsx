import { clusterDiscPx, STALL_DOT_PX } from "~/lib/rules/markers";
import type { PreviewMarker } from "~/lib/rules/stall-clusters";

/**
 * The map's first markers, drawn by the server where the map will draw them (offsets from its middle, so any width
 * fits), until the map's code has loaded. Only a picture: the map that replaces it names and opens each marker.
 */
export function MapPreview({ markers }: { markers: readonly PreviewMarker[] }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      {markers.map((marker) => {
        const size = marker.count === undefined ? STALL_DOT_PX : clusterDiscPx(marker.count);
        return (
          <span
            key={`${marker.x},${marker.y}`}
            data-map-preview-marker=""
            className="map-dot absolute"
            style={{
              left: `calc(50% + ${marker.x - size / 2}px)`,
              top: `calc(50% + ${marker.y - size / 2}px)`,
              width: size,
              height: size,
              background: marker.colour,
            }}
          >
            {marker.count}
          </span>
        );
      })}
    </div>
  );
}
