// The area Discover showed last is a cookie, read during SSR (discover-area.server.ts), so a returning visitor's
// first paint already holds the stalls where they left off (ADR 015). It says where a map looked, not who looked: no
// account, no history. The browser writes it with this module, which leaves zod out of Discover's code.
import type { DiscoverArea } from "~/lib/schemas/stall-query";

export const AREA_COOKIE = "nukkad-area";
const NINETY_DAYS_SECONDS = 60 * 60 * 24 * 90;

/** The cookie for an area; four decimals (about 11 m) are plenty for where a map looks. */
export function areaCookie({ lat, lng, zoom }: DiscoverArea): string {
  const value = `${lat.toFixed(4)},${lng.toFixed(4)},${Math.round(zoom)}`;
  return `${AREA_COOKIE}=${value}; Path=/; Max-Age=${NINETY_DAYS_SECONDS}; SameSite=Lax`;
}
