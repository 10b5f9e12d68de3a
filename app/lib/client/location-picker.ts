// The pure half of the map location picker on Add a Stall and Complete Profile: its messages, zooms and
// geolocation options, the coordinate text and the two calls to the geocoding proxy (app/api/geocode.ts). The component is app/components/map/location-picker.tsx.

import { DEFAULT_LOCATION, GeolocationUnsupportedError } from "~/lib/client/geolocation";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import {
  ADDRESS_FAILED,
  ADDRESS_NOT_FOUND,
  type GeocodeResult,
  MAX_GEOCODE_RESULTS,
  SEARCH_FAILED,
} from "~/lib/rules/geocoding";

export { ADDRESS_FAILED, ADDRESS_NOT_FOUND, SEARCH_FAILED };

/** The map starts on New Delhi at zoom 13; zoom 15 after picking a result, 18 for current location. */
export const PICKER_DEFAULT_CENTER: LatLng = DEFAULT_LOCATION;
export const PICKER_DEFAULT_ZOOM = 13;
export const PICKER_SEARCH_ZOOM = 15;
export const PICKER_CURRENT_LOCATION_ZOOM = 18;
export const PICKER_MAX_ZOOM = 19;

export type GeolocationMode = "add-stall" | "profile";

/** Add a Stall asks for a fix at most a minute old within 15 s; the profile for a fresh one within 10 s. */
export const GEOLOCATION_OPTIONS: Record<GeolocationMode, PositionOptions> = {
  "add-stall": { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
  profile: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
};

export const GEOLOCATION_UNSUPPORTED_MESSAGE = msg("Geolocation is not supported by your browser");

/** The picker's message for a failed location request, by GeolocationPositionError code. */
export const GEOLOCATION_ERROR_MESSAGES: Record<number, string> = {
  1: msg("Location access denied. Please enable location permissions."),
  2: msg("Location information unavailable."),
  3: msg("Location request timed out. Please try again."),
};
export const GEOLOCATION_OTHER_ERROR = msg("Unable to retrieve your location");

export const NO_AREAS_FOUND = msg("No areas found. Try a different search term.");
export const SEARCHING = msg("Searching...");
export const GETTING_ADDRESS = msg("Getting address...");
export const LOCATING = msg("Locating...");
export const LOCATION_AND_ADDRESS_FOUND = msg("Location and address successfully retrieved!");
export const LOCATION_WITHOUT_ADDRESS = msg(
  "Location found, but could not retrieve address. Please enter it manually.",
);
export const LOCATION_ADDRESS_LOOKUP_FAILED = msg(
  "Location found, but address lookup failed. Please enter address manually.",
);

/**
 * The message for a failed location request: takes a GeolocationPositionError (or anything with a numeric
 * `code`), the code itself, or the GeolocationUnsupportedError of `currentPosition`.
 */
export function geolocationErrorMessage(error: unknown): string {
  if (error instanceof GeolocationUnsupportedError) return GEOLOCATION_UNSUPPORTED_MESSAGE;
  const code =
    typeof error === "number"
      ? error
      : typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
        ? error.code
        : null;
  return (code !== null && GEOLOCATION_ERROR_MESSAGES[code]) || GEOLOCATION_OTHER_ERROR;
}

/** Which status a current-location fix ends in, given how its address lookup went. */
export function currentLocationOutcome(lookup: AddressLookup): {
  tone: "success" | "warning";
  message: string;
} {
  if (lookup.ok) return { tone: "success", message: LOCATION_AND_ADDRESS_FOUND };
  return lookup.reason === "not-found"
    ? { tone: "warning", message: LOCATION_WITHOUT_ADDRESS }
    : { tone: "warning", message: LOCATION_ADDRESS_LOOKUP_FAILED };
}

/** Coordinates are shown with six decimals: "12.935200, 77.624500" (never "-0.000000"). */
export function formatCoordinates({ lat, lng }: LatLng): string {
  return `${sixDecimals(lat)}, ${sixDecimals(lng)}`;
}

function sixDecimals(value: number): string {
  const text = value.toFixed(6);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/**
 * A map position as the geocoder accepts it: longitude wrapped into [-180, 180] (a marker dragged across the
 * antimeridian reports 190) and latitude clamped to [-90, 90].
 */
export function normalisePosition({ lat, lng }: LatLng): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return {
    lat: Math.min(90, Math.max(-90, lat)),
    lng: wrapped === -180 && lng > 0 ? 180 : wrapped,
  };
}

/** Same place to the precision shown (6 decimals, about 0.1 m). */
export function samePosition(a: LatLng | null | undefined, b: LatLng | null | undefined): boolean {
  if (!a || !b) return false;
  return Math.abs(a.lat - b.lat) < 5e-7 && Math.abs(a.lng - b.lng) < 5e-7;
}

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

export type AreaSearch = { ok: true; results: GeocodeResult[] } | { ok: false; error: string };

export type AddressLookup =
  | { ok: true; address: string }
  | { ok: false; reason: "not-found" | "failed"; error: string };

/** Client-side limit on one call; the proxy gives up on Nominatim after 10 s, so this is a backstop. */
export const GEOCODE_CLIENT_TIMEOUT_MS = 12_000;

interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Aborts on the caller's signal or after the time-out (no AbortSignal.any/timeout: older Safari lacks them). */
async function callWithin<T>(options: CallOptions, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, options.timeoutMs ?? GEOCODE_CLIENT_TIMEOUT_MS);
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener("abort", abort);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abort);
  }
}

/** GET /api/geocode/search?q=: at most five areas, or the spec's failure text. A blank query finds nothing. */
export async function searchAreas(
  query: string,
  fetcher: Fetcher = fetch,
  options: CallOptions = {},
): Promise<AreaSearch> {
  const q = query.trim();
  if (q === "") return { ok: true, results: [] };
  try {
    const results = await callWithin(options, async (signal) => {
      const response = await fetcher(`/api/geocode/search?q=${encodeURIComponent(q)}`, {
        headers: { accept: "application/json" },
        signal,
      });
      return response.ok ? readResults(await response.json()) : null;
    });
    return results ? { ok: true, results } : { ok: false, error: SEARCH_FAILED };
  } catch {
    return { ok: false, error: SEARCH_FAILED };
  }
}

function readResults(payload: unknown): GeocodeResult[] | null {
  if (typeof payload !== "object" || payload === null || !("results" in payload)) return null;
  if (!Array.isArray(payload.results)) return null;
  const results: GeocodeResult[] = [];
  for (const entry of payload.results as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { display_name, lat, lon } = entry as Record<string, unknown>;
    if (typeof display_name !== "string" || display_name.trim() === "") continue;
    if (typeof lat !== "number" || !Number.isFinite(lat) || Math.abs(lat) > 90) continue;
    if (typeof lon !== "number" || !Number.isFinite(lon) || Math.abs(lon) > 180) continue;
    results.push({ display_name, lat, lon });
    if (results.length === MAX_GEOCODE_RESULTS) break;
  }
  return results;
}

/** GET /api/geocode/reverse?lat=&lon=: the address at a position, "Address not found" or "Failed to get address". */
export async function lookupAddress(
  position: LatLng,
  fetcher: Fetcher = fetch,
  options: CallOptions = {},
): Promise<AddressLookup> {
  const failed: AddressLookup = { ok: false, reason: "failed", error: ADDRESS_FAILED };
  if (!Number.isFinite(position.lat) || !Number.isFinite(position.lng)) return failed;
  const { lat, lng } = normalisePosition(position);
  // Fixed-point text: the proxy accepts plain decimals only, and String(1e-7) would be "1e-7".
  const url = `/api/geocode/reverse?lat=${lat.toFixed(6)}&lon=${lng.toFixed(6)}`;
  try {
    return await callWithin(options, async (signal): Promise<AddressLookup> => {
      const response = await fetcher(url, { headers: { accept: "application/json" }, signal });
      if (response.status === 404) return { ok: false, reason: "not-found", error: ADDRESS_NOT_FOUND };
      if (!response.ok) return failed;
      const payload: unknown = await response.json();
      if (typeof payload === "object" && payload !== null && "display_name" in payload) {
        const address = payload.display_name;
        if (typeof address === "string" && address.trim() !== "")
          return { ok: true, address: address.trim() };
      }
      return failed;
    });
  } catch {
    return failed;
  }
}
