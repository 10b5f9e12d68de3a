import { cookieValue } from "~/lib/http/cookie";
import { AREA_COOKIE } from "~/lib/http/discover-area";
import { type DiscoverArea, discoverAreaSchema } from "~/lib/schemas/stall-query";

/** The area in the browser's cookie, or null when there is none or it is not a valid area. */
export function areaFromCookieHeader(cookieHeader: string | null): DiscoverArea | null {
  const value = cookieValue(cookieHeader, AREA_COOKIE);
  if (value === undefined) return null;
  const parsed = discoverAreaSchema.safeParse(decodeURIComponent(value));
  return parsed.success ? parsed.data : null;
}
