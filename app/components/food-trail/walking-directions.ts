import type { LatLng } from "~/lib/rules/geo";

/** Google Maps' apps take only a few waypoints on a phone, so a longer walk opens as several links, one per leg. */
export const MAX_WAYPOINTS_PER_LINK = 3;

const coordinates = ({ lat, lng }: LatLng) => `${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * Walking directions through the stops in order, as Google Maps links of at most MAX_WAYPOINTS_PER_LINK waypoints
 * each; every link after the first starts where the one before ended. A single stop needs no directions.
 */
export function walkingDirectionLinks(stops: readonly LatLng[]): string[] {
  const perLink = MAX_WAYPOINTS_PER_LINK + 2;
  const links: string[] = [];
  for (let start = 0; start < stops.length - 1; start += perLink - 1) {
    const leg = stops.slice(start, start + perLink);
    const origin = leg[0] as LatLng;
    const destination = leg[leg.length - 1] as LatLng;
    const params = new URLSearchParams({
      api: "1",
      origin: coordinates(origin),
      destination: coordinates(destination),
    });
    const waypoints = leg.slice(1, -1);
    if (waypoints.length > 0) params.set("waypoints", waypoints.map(coordinates).join("|"));
    params.set("travelmode", "walking");
    links.push(`https://www.google.com/maps/dir/?${params}`);
  }
  return links;
}
