import { useEffect, useState } from "react";
import { geolocationGranted } from "~/lib/client/geolocation";
import type { LatLng } from "~/lib/rules/geo";

/** The visitor's position when they have already allowed location for Nukkad; never prompts. */
export function useKnownLocation(): LatLng | null {
  const [location, setLocation] = useState<LatLng | null>(null);
  useEffect(() => {
    let cancelled = false;
    void geolocationGranted().then((granted) => {
      if (!granted || cancelled) return;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (!cancelled) setLocation({ lat: position.coords.latitude, lng: position.coords.longitude });
        },
        () => undefined,
        { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return location;
}
