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

/** Asks the browser where the visitor is, with Discover's options: the position, or the message saying why not. */
export async function locateVisitor(): Promise<Located> {
  try {
    return { ok: true, position: await currentPosition(DISCOVER_GEOLOCATION) };
  } catch (error) {
    const message =
      error instanceof GeolocationUnsupportedError
        ? GEOLOCATION_UNSUPPORTED
        : discoverLocationError(error as GeolocationPositionError);
    return { ok: false, message };
  }
}

/**
 * `locate` answers where the visitor is (Home, Discover, My Food Trail), or takes an answer already asked for;
 * `locating` while it waits.
 */
export function useLocateVisitor() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(async (asked?: Promise<Located>): Promise<Located> => {
    setLocating(true);
    try {
      return await (asked ?? locateVisitor());
    } finally {
      setLocating(false);
    }
  }, []);
  return { locating, locate };
}
