import { useCallback, useState } from "react";
import {
  currentPosition,
  DISCOVER_GEOLOCATION,
  discoverLocationError,
  GEOLOCATION_UNSUPPORTED,
  GeolocationUnsupportedError,
} from "~/lib/client/geolocation";
import type { LatLng } from "~/lib/rules/geo";

export type Located = { ok: true; position: LatLng } | { ok: false; message: string };

/**
 * Asks the browser where the visitor is, with Discover's options (Home, Discover, My Food Trail): `locate` answers
 * the position, or the message saying why it is not known; `locating` while it asks.
 */
export function useLocateVisitor() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(async (): Promise<Located> => {
    setLocating(true);
    try {
      return { ok: true, position: await currentPosition(DISCOVER_GEOLOCATION) };
    } catch (error) {
      const message =
        error instanceof GeolocationUnsupportedError
          ? GEOLOCATION_UNSUPPORTED
          : discoverLocationError(error as GeolocationPositionError);
      return { ok: false, message };
    } finally {
      setLocating(false);
    }
  }, []);
  return { locating, locate };
}
