import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import {
  IMPORT_TOO_LARGE,
  IMPORT_WRONG_TYPE,
  type ImportOutcome,
  type ImportRefusal,
  MAX_IMPORT_BYTES,
} from "~/lib/rules/map-import";
import { readGeoJson } from "~/lib/rules/map-import-geojson";
import { readGpx } from "~/lib/rules/map-import-gpx";

// The Map Lab's pure half (app/routes/map.tsx, app/components/map-lab): its zooms and geolocation options, the
// current-location map's messages, which reader an imported file goes to (map-import.ts says what it becomes), and
// writing the visitor's pins out as GeoJSON and as the add-stall form's gps_coordinates text.

/** Every Map Lab map starts on the default location at zoom 13; the nearby-stalls demo at 12. */
export const LAB_ZOOM = 13;
export const DEMO_ZOOM = 12;
export const SEARCH_PIN_ZOOM = 16;
export const FOCUS_ZOOM = 18;
export const CURRENT_LOCATION_ZOOM = 18;
export const LAB_MAX_ZOOM = 19;

/** The spec's map demo asks for a fresh, precise fix within 10 s. */
export const LAB_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

export const LAB_GEOLOCATION_UNSUPPORTED = msg("Geolocation is not supported by this browser");
const LAB_GEOLOCATION_ERRORS: Record<number, string> = {
  1: msg("Location access denied by user"),
  2: msg("Location information unavailable"),
  3: msg("Location request timed out"),
};
const LAB_GEOLOCATION_OTHER = msg("Unable to retrieve location");

/** The current-location map's message for a GeolocationPositionError (or anything with a numeric `code`). */
export function currentLocationError(error: unknown): string {
  const code =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
      ? error.code
      : null;
  return (code !== null && LAB_GEOLOCATION_ERRORS[code]) || LAB_GEOLOCATION_OTHER;
}

/** Accuracy in whole metres, as 'Accuracy: N m' shows it; a browser's nonsense (negative, NaN) reads as 0. */
export function accuracyMetres(accuracy: number): number {
  return Number.isFinite(accuracy) && accuracy > 0 ? Math.round(accuracy) : 0;
}

export const NO_LOCATIONS_FOUND = msg("No locations found. Try a different search term.");
export const SEARCH_LOCATION_FAILED = msg("Failed to search location. Please try again.");

// ---- Import -------------------------------------------------------------------------------------------------

export type ImportFormat = "geojson" | "gpx";

export function importFormat(fileName: string): ImportFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1];
  if (extension === "geojson" || extension === "json") return "geojson";
  if (extension === "gpx") return "gpx";
  return null;
}

/** Why a file cannot be imported before it is read (its name and size), or null. */
export function importFileProblem(fileName: string, bytes: number): ImportRefusal | null {
  if (!importFormat(fileName)) return { error: IMPORT_WRONG_TYPE };
  if (bytes > MAX_IMPORT_BYTES)
    return { error: IMPORT_TOO_LARGE, values: { size: MAX_IMPORT_BYTES / 2 ** 20 } };
  return null;
}

/** Reads a file's text by its name's extension; never throws, whatever the text. */
export function readImport(fileName: string, text: string): ImportOutcome {
  const format = importFormat(fileName);
  if (!format) return { ok: false, error: IMPORT_WRONG_TYPE };
  // Characters, not bytes, but a text over the byte limit in characters is certainly over it in bytes.
  if (text.length > MAX_IMPORT_BYTES)
    return { ok: false, error: IMPORT_TOO_LARGE, values: { size: MAX_IMPORT_BYTES / 2 ** 20 } };
  return format === "gpx" ? readGpx(text) : readGeoJson(text);
}

// ---- Pins ---------------------------------------------------------------------------------------------------

/** A place the visitor pinned in the lab (dragged, searched or located), with what it was called there. */
export interface LabPin {
  label: string;
  position: LatLng;
}

/** What a pin is called when nothing names the place. */
export const DROPPED_PIN = msg("Dropped pin");

export const PINS_FILE_NAME = "nukkad-pins.geojson";

/** Six decimals, as the lab shows coordinates (about 0.1 m), never "-0.000000". */
export function sixDecimals(value: number): string {
  const text = value.toFixed(6);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** The pins as a GeoJSON FeatureCollection: one Point each, [longitude, latitude], its label as `name`. */
export function pinsGeoJson(pins: readonly LabPin[]): string {
  return `${JSON.stringify(
    {
      type: "FeatureCollection",
      features: pins.map((pin) => ({
        type: "Feature",
        properties: { name: pin.label },
        geometry: {
          type: "Point",
          coordinates: [Number(sixDecimals(pin.position.lng)), Number(sixDecimals(pin.position.lat))],
        },
      })),
    },
    null,
    2,
  )}\n`;
}

/** The add-stall form's gps_coordinates text, "(latitude,longitude)" with six decimals (parseGps reads it). */
export function gpsCoordinatesText({ lat, lng }: LatLng): string {
  return `(${sixDecimals(lat)},${sixDecimals(lng)})`;
}
