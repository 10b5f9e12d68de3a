// Geography rules: the spatial grid key used to find nearby stalls through an index, great-circle distance,
// and the spec's "latitude,longitude" text.
import type { DistanceUnit } from "./options";

export const EARTH_RADIUS_KM = 6371;

/** Grid cells are GRID_DEGREES on a side: about 166 m of latitude, and 162 m (Bangalore) to 146 m (Delhi) of
 * longitude. Smaller cells waste fewer reads on stalls just outside the circle a search wants; larger ones
 * need fewer index ranges (D1 charges a row read per range to find its end), which matters where stalls are
 * sparse. 0.0015° read the fewest rows per stall returned across sparse and city-core densities; 0.002° read
 * about 20% more at city cores, 0.001° about 25% more in sparse areas (ADR 004, npm run bench). */
export const GRID_DEGREES = 0.0015;
const GRID_COLUMNS = Math.round(360 / GRID_DEGREES);

export interface LatLng {
  lat: number;
  lng: number;
}

export function gridRow(lat: number): number {
  return Math.floor((lat + 90) / GRID_DEGREES);
}

export function gridColumn(lng: number): number {
  return Math.min(GRID_COLUMNS - 1, Math.floor((lng + 180) / GRID_DEGREES));
}

/** The indexed spatial key: cells of one grid row are consecutive integers, so a row's span is one range. */
export function gridCell(lat: number, lng: number): number {
  return gridRow(lat) * GRID_COLUMNS + gridColumn(lng);
}

export function gridCellOf(row: number, column: number): number {
  return row * GRID_COLUMNS + column;
}

export function rowLatitudeRange(row: number): [number, number] {
  const south = row * GRID_DEGREES - 90;
  return [south, south + GRID_DEGREES];
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are shown with one decimal, as the spec asks. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

export const KM_PER_MILE = 1.609344;

// Written out here rather than by Intl's unit style: workerd's and the browser's ICU may word a unit differently,
// and the server's text must be the one the browser hydrates. Hindi follows the catalogue's "किमी".
const UNIT_WORDS: Record<"en" | "hi", Record<DistanceUnit, string>> = {
  en: { km: "km", mi: "mi" },
  hi: { km: "किमी", mi: "मील" },
};

/** A distance in the person's unit (Settings > Units) with one decimal, its digits grouped as `locale` groups them. */
export function formatDistance(km: number, unit: DistanceUnit, locale: string): string {
  const value = unit === "mi" ? km / KM_PER_MILE : km;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.round(value * 10) / 10,
  );
  return `${number} ${UNIT_WORDS[locale.startsWith("hi") ? "hi" : "en"][unit]}`;
}

export const GPS_FORMAT_ERROR = 'Invalid GPS coordinates format. Expected: "(latitude,longitude)"';

export type GpsParseResult = { ok: true; position: LatLng } | { ok: false; error: string };

/** A position as a page's ?near= carries it: four decimals, about 11 m, enough for "near" and no more of where the
 * reader stands. */
export function nearParam({ lat, lng }: LatLng): string {
  return `${lat.toFixed(4)},${lng.toFixed(4)}`;
}

/** Parses the spec's gps_coordinates text: "lat,lng", optionally in parentheses. */
export function parseGps(text: string | null | undefined): GpsParseResult {
  if (typeof text !== "string") return { ok: false, error: GPS_FORMAT_ERROR };
  const parts = text.replace(/[()]/g, "").split(",");
  if (parts.length !== 2) return { ok: false, error: GPS_FORMAT_ERROR };
  const [latText, lngText] = parts.map((p) => p.trim()) as [string, string];
  if (latText === "" || lngText === "") return { ok: false, error: GPS_FORMAT_ERROR };
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return { ok: false, error: GPS_FORMAT_ERROR };
  }
  return { ok: true, position: { lat, lng } };
}

export function formatGps({ lat, lng }: LatLng): string {
  return `${lat},${lng}`;
}
