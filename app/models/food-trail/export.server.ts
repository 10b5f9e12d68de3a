import type { Db } from "~/db/client.server";
import { type ExportTrail, toGeoJson, toGpx, toKml } from "~/lib/rules/trail-export";
import { getTrail } from "./read.server";

// A trail as a file for maps apps and GPS devices: GPX, KML or GeoJSON, with the same privacy as reading it.

export const TRAIL_EXPORT_FORMATS = ["gpx", "kml", "geojson"] as const;
export type TrailExportFormat = (typeof TRAIL_EXPORT_FORMATS)[number];

const FORMATS: Record<TrailExportFormat, { write: (trail: ExportTrail) => string; contentType: string }> = {
  gpx: { write: toGpx, contentType: "application/gpx+xml; charset=utf-8" },
  kml: { write: toKml, contentType: "application/vnd.google-earth.kml+xml; charset=utf-8" },
  geojson: { write: toGeoJson, contentType: "application/geo+json; charset=utf-8" },
};

/** A file name from the title's Latin letters and digits ("VV Puram Evening Crawl" -> vv-puram-evening-crawl). */
function fileStem(title: string, trailId: string): string {
  const stem = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return stem || `food-trail-${trailId}`;
}

/** The trail's stops as a file; null when the viewer may not read the trail. */
export async function exportTrail(
  db: Db,
  viewerId: string | null,
  trailId: string,
  format: TrailExportFormat,
  origin: string,
  now: Date,
): Promise<{ body: string; contentType: string; filename: string } | null> {
  const trail = await getTrail(db, viewerId, trailId, now);
  if (!trail) return null;
  const { write, contentType } = FORMATS[format];
  const body = write({
    title: trail.title,
    description: trail.description,
    url: `${origin}/food-trails/${trail.id}`,
    stops: trail.stops.map((stop) => ({
      name: stop.stall.name,
      lat: stop.stall.latitude,
      lng: stop.stall.longitude,
      note: stop.note,
      url: `${origin}/stall/${stop.stall.id}`,
    })),
  });
  return { body, contentType, filename: `${fileStem(trail.title, trail.id)}.${format}` };
}
