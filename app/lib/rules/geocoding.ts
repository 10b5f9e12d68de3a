import { msg } from "~/lib/i18n/translate";

// The pure half of the geocoding proxy (ADR 007): limits, messages and cache keys, which the map picker shares.
// Request validation and reading Nominatim's answers (zod) are in app/lib/schemas/geocoding.ts; the upstream calls,
// the cache and the rate limit in app/models/geocode.server.ts.

/** An area search answers at most five places, the number the map picker lists. */
export const MAX_GEOCODE_RESULTS = 5;
export const MAX_GEOCODE_QUERY_LENGTH = 200;
/** Answers with a place are kept 30 days; "nothing there" only a day, in case the map gains the place. */
export const GEOCODE_CACHE_TTL_SECONDS = 30 * 24 * 60 * 60;
export const GEOCODE_EMPTY_CACHE_TTL_SECONDS = 24 * 60 * 60;

/** The texts the map picker shows when an area search or an address lookup fails or finds nothing. */
export const SEARCH_FAILED = msg("Failed to search area. Please try again.");
export const ADDRESS_FAILED = msg("Failed to get address");
export const ADDRESS_NOT_FOUND = msg("Address not found");

/** One place found: display_name, lat and lon, named as in Nominatim's answers (which send lat and lon as text). */
export interface GeocodeResult {
  display_name: string;
  lat: number;
  lon: number;
}

/** Trimmed, whitespace collapsed, lower-cased: queries that differ only so share one cache entry. */
export function normaliseGeocodeQuery(query: string): string {
  return query.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

export function searchCacheKey(query: string): string {
  return `geocode:search:${normaliseGeocodeQuery(query)}`;
}

/** A coordinate rounded to 5 decimals (about 1 m), never "-0.00000". */
export function roundCoordinate(value: number): string {
  const rounded = Math.round(value * 1e5) / 1e5;
  return (rounded === 0 ? 0 : rounded).toFixed(5);
}

export function reverseCacheKey(lat: number, lon: number): string {
  return `geocode:reverse:${roundCoordinate(lat)},${roundCoordinate(lon)}`;
}
