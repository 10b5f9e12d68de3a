import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { Box } from "~/lib/rules/nearby-plan";

// What the Map Lab makes of an imported GeoJSON or GPX file (map-lab.ts reads it, map-import-geojson.ts and
// map-import-gpx.ts parse it): the places and lines the map draws, the limits, and the refusals with their messages.

/** A file is read whole in the browser: 2 MB of GPX is a day's track at one point a second. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** More points than this make a phone's map sluggish; such a file is refused rather than cut short. */
export const MAX_IMPORT_POINTS = 20_000;
const MAX_NAME_LENGTH = 200;

export const IMPORT_WRONG_TYPE = msg("Choose a GeoJSON (.geojson, .json) or GPX (.gpx) file.");
export const IMPORT_TOO_LARGE = msg("The file is larger than {size} MB.");
export const IMPORT_TOO_MANY_POINTS = msg("The file has more than {count} points.");
export const IMPORT_BAD_GEOJSON = msg("This file is not valid GeoJSON.");
export const IMPORT_BAD_GPX = msg("This file is not valid GPX.");
export const IMPORT_EMPTY = msg("The file has no places or lines to show.");

export interface ImportedPlace {
  name: string | null;
  position: LatLng;
}

/** A line (a track segment, a route, a LineString) or, when `closed`, a polygon's ring. */
export interface ImportedPath {
  name: string | null;
  path: LatLng[];
  closed: boolean;
}

export interface ImportedLayer {
  places: ImportedPlace[];
  paths: ImportedPath[];
}

/** A refusal: the message and the values it fills in ({size}, {count}). */
export interface ImportRefusal {
  error: string;
  values?: Record<string, number>;
}

export type ImportOutcome = ({ ok: true } & ImportedLayer) | ({ ok: false } & ImportRefusal);

export class Refused extends Error {
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.error);
  }
}

/** Collects places and paths, refusing the file once it holds more than MAX_IMPORT_POINTS points. */
export class LayerBuilder {
  readonly places: ImportedPlace[] = [];
  readonly paths: ImportedPath[] = [];
  private points = 0;

  private count(points: number) {
    this.points += points;
    if (this.points > MAX_IMPORT_POINTS)
      throw new Refused({ error: IMPORT_TOO_MANY_POINTS, values: { count: MAX_IMPORT_POINTS } });
  }

  place(name: string | null, position: LatLng) {
    this.count(1);
    this.places.push({ name, position });
  }

  path(name: string | null, path: LatLng[], closed: boolean) {
    this.count(path.length);
    // A one-point route or segment is a place, not a line.
    if (path.length === 1 && path[0]) this.places.push({ name, position: path[0] });
    else if (path.length > 1) this.paths.push({ name, path, closed });
  }

  outcome(): ImportOutcome {
    if (this.places.length === 0 && this.paths.length === 0) return { ok: false, error: IMPORT_EMPTY };
    return { ok: true, places: this.places, paths: this.paths };
  }
}

export function validPosition(lat: number, lng: number): LatLng | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { lat, lng };
}

export function cleanName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.replace(/\s+/g, " ").trim().slice(0, MAX_NAME_LENGTH);
  return name === "" ? null : name;
}

/** The box around everything imported, for the map to fit; null for an empty layer. */
export function layerBounds(layer: ImportedLayer): Box | null {
  const positions = [...layer.places.map((place) => place.position), ...layer.paths.flatMap((p) => p.path)];
  if (positions.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const { lat, lng } of positions) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return { south, west, north, east };
}
