// How long a walk between stalls takes (Food Trails, issue 18). Streets are not straight lines, so the great-circle
// distance is stretched by a detour factor; docs/decisions/020-food-trail-order.md says where the numbers come from.
import { distanceKm, type LatLng } from "~/lib/rules/geo";

/** Street distance over straight-line distance in old city centres' lanes (grid-like streets are nearer 1.2). */
export const DETOUR_FACTOR = 1.25;
/** An unhurried walk with a crowd around the stalls. */
export const WALKING_KMH = 5;
/** Time at each stop: order, wait, eat. */
export const DWELL_MINUTES = 20;

// Floating point makes 1.25 km come out a hair over 15 minutes; no one walks a billionth of a minute.
const ROUNDING_SLACK = 1e-9;

export function walkingKm(a: LatLng, b: LatLng): number {
  return distanceKm(a, b) * DETOUR_FACTOR;
}

/** Whole minutes, rounded up: arriving a minute late at a stall that is closing matters more than a minute early. */
export function walkingMinutes(km: number): number {
  return Math.max(0, Math.ceil((km / WALKING_KMH) * 60 - ROUNDING_SLACK));
}

/** The walk to a stall `straightKm` away as a person reads it on a card: by the streets, at least a minute. */
export function minutesOnFoot(straightKm: number): number {
  return Math.max(1, walkingMinutes(straightKm * DETOUR_FACTOR));
}
