import { msg } from "~/lib/i18n/translate";
import { choiceOf } from "~/lib/rules/choice";
import type { LatLng } from "~/lib/rules/geo";
import { type Box, boxCovers } from "~/lib/rules/nearby-plan";

// What Discover asks for (app/routes/discover.tsx, app/components/discover): the filter the URL names, and the box
// and origin a load is for, so that a load already made or running is not made again.

export const DISCOVER_FILTERS = [
  { value: "all", label: msg("All") },
  { value: "nearby", label: msg("Nearby") },
  { value: "open_now", label: msg("Open Now") },
  { value: "new", label: msg("New") },
] as const;
export type DiscoverFilter = (typeof DISCOVER_FILTERS)[number]["value"];

/** The URL's `filter`; anything else is All. */
export const readDiscoverFilter = (value: string | null) => choiceOf(DISCOVER_FILTERS, value, "all");

/** What a load asked for: the box, where distances are measured from, and the filter. */
export interface DiscoverQuery {
  box: Box;
  from: LatLng;
  filter: DiscoverFilter;
}

export const sameSpot = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

export const sameQuery = (a: DiscoverQuery, b: DiscoverQuery) =>
  a.filter === b.filter && sameSpot(a.from, b.from) && boxCovers(a.box, b.box) && boxCovers(b.box, a.box);
