// Browser geolocation for Discover: its options (high accuracy, 10 s, a fix up to 5 min old), its messages and
// the default location every failure falls back to.

import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";

/** New Delhi: where Discover looks when the visitor's own location is not available. */
export const DEFAULT_LOCATION: LatLng = { lat: 28.6139, lng: 77.209 };

export const DISCOVER_GEOLOCATION: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

export const GEOLOCATION_UNSUPPORTED = msg("Geolocation is not supported by this browser.");

/** Discover's message for a failed location request; every case falls back to the default location. */
export function discoverLocationError(error: { code: number }): string {
  switch (error.code) {
    case 1:
      return msg("Location access denied. Using default location.");
    case 2:
      return msg("Location unavailable. Using default location.");
    case 3:
      return msg("Location request timeout. Using default location.");
    default:
      return msg("Could not get your location.");
  }
}

export class GeolocationUnsupportedError extends Error {
  constructor() {
    super(GEOLOCATION_UNSUPPORTED);
  }
}

/**
 * Whether the visitor has already allowed location for Nukkad, so asking shows no prompt. Browsers without the
 * Permissions API (or that refuse the query) answer false: there a page waits for "Use My Location".
 */
export async function geolocationGranted(): Promise<boolean> {
  if (typeof navigator === "undefined" || !navigator.geolocation || !navigator.permissions?.query)
    return false;
  try {
    return (await navigator.permissions.query({ name: "geolocation" })).state === "granted";
  } catch {
    return false;
  }
}

export function currentPosition(options: PositionOptions): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      reject(new GeolocationUnsupportedError());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      reject,
      options,
    );
  });
}
