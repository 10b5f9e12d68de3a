import { msg } from "~/lib/i18n/translate";
import { choiceOf } from "~/lib/rules/choice";
import { distanceKm, type LatLng } from "~/lib/rules/geo";

export const TRAIL_SORTS = [
  { value: "date", label: msg("Date added") },
  { value: "distance", label: msg("Distance") },
  { value: "rating", label: msg("Rating") },
] as const;
export type TrailSort = (typeof TRAIL_SORTS)[number]["value"];

export const readTrailSort = (value: string | null) => choiceOf(TRAIL_SORTS, value, "date");

/** What sorting and counting need from one bookmark. */
export interface TrailEntry {
  created_at: number;
  personal_rating: number | null;
  note: string | null;
  stall: { latitude: number; longitude: number; rating_average: number | null };
}

/**
 * My Food Trail's order. Date: newest bookmark first. Distance: nearest first (bookmark date when no location is
 * known). Rating: the user's own stars first, since this is their trail, then the public average; unrated last.
 */
export function sortTrail<T extends TrailEntry>(
  entries: readonly T[],
  sort: TrailSort,
  from: LatLng | null,
): T[] {
  const newestFirst = (a: T, b: T) => b.created_at - a.created_at;
  const sorted = [...entries];
  if (sort === "distance" && from) {
    const km = (entry: T) => distanceKm(from, { lat: entry.stall.latitude, lng: entry.stall.longitude });
    return sorted.sort((a, b) => km(a) - km(b) || newestFirst(a, b));
  }
  if (sort === "rating") {
    return sorted.sort(
      (a, b) =>
        (b.personal_rating ?? 0) - (a.personal_rating ?? 0) ||
        (b.stall.rating_average ?? 0) - (a.stall.rating_average ?? 0) ||
        newestFirst(a, b),
    );
  }
  return sorted.sort(newestFirst);
}

/** The three counters at the top of My Food Trail. */
export function trailCounts(entries: readonly TrailEntry[]) {
  return {
    bookmarked: entries.length,
    fiveStar: entries.filter((entry) => entry.personal_rating === 5).length,
    withNotes: entries.filter((entry) => Boolean(entry.note?.trim())).length,
  };
}
