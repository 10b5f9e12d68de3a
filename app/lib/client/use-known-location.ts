import { useEffect, useState } from "react";
import { currentPosition, geolocationGranted } from "~/lib/client/geolocation";
import type { LatLng } from "~/lib/rules/geo";

const KNOWN_LOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 300_000,
};

/**
 * The visitor's position when they have already allowed location for Nukkad, else null; never prompts. An action
 * pressed before useKnownLocation has its answer awaits this instead of falling back to the default city.
 */
export async function knownLocationNow(): Promise<LatLng | null> {
  if (!(await geolocationGranted())) return null;
  return currentPosition(KNOWN_LOCATION_OPTIONS).catch(() => null);
}

/** The visitor's position when they have already allowed location for Nukkad; never prompts. */
export function useKnownLocation(): LatLng | null {
  const [location, setLocation] = useState<LatLng | null>(null);
  useEffect(() => {
    let cancelled = false;
    void knownLocationNow().then((found) => {
      if (found && !cancelled) setLocation(found);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return location;
}
