import type { ComponentProps } from "react";
import type { DiscoverStallCard } from "~/components/stall/stall-card";
import type { DiscoverQuery } from "~/lib/rules/discover-query";
import { MAX_BOX_STALLS } from "~/lib/schemas/stall-query-fields";
import type { StallListItem } from "~/models/stall/stall.server";

// Discover's stalls: what the page keeps of each, and how the browser loads an area's (the server's first load is
// the route's loader).

export const DISCOVER_ZOOM = 13;
/** Discover's map at its widest, a desktop's; every map is as tall (discover-map.client.tsx). */
export const WIDEST_MAP_PX = { width: 1120, height: 500 };
/** The server cannot see the screen: it loads a little more than the widest map shows. A phone's map is a part of
 * that, so the stalls it needs are already there. */
export const SERVER_MAP_PX = { width: 1152, height: 560 };
/** Cards shown at first and added by each "Show more stalls": 100 at once made long tasks of 0.4-0.7 s on a
 * throttled phone. */
export const LIST_PAGE = 20;
/** Pans and zooms in quick succession load the stalls once, for where the map stops. */
export const MOVE_DEBOUNCE_MS = 300;

/** What the cards, markers and popups show of a stall: the page's HTML carries nothing more. */
export type DiscoverStall = ComponentProps<typeof DiscoverStallCard>["stall"] &
  Pick<StallListItem, "latitude" | "longitude" | "isOpen">;

export const toDiscoverStall = (stall: StallListItem): DiscoverStall => ({
  id: stall.id,
  name: stall.name,
  description: stall.description,
  thumbnail_image: stall.thumbnail_image,
  location: stall.location,
  contact_number: stall.contact_number,
  latitude: stall.latitude,
  longitude: stall.longitude,
  rating_average: stall.rating_average,
  tags: stall.tags,
  discovery_tags: stall.discovery_tags,
  isOpen: stall.isOpen,
  open_state: stall.open_state,
  distance: stall.distance,
});

/** The stalls of one load, and whether it was cut short (more stalls in the box than a load brings). */
export interface Loaded {
  query: DiscoverQuery;
  stalls: DiscoverStall[];
  truncated: boolean;
}

export type LoadState = { state: "done" } | { state: "loading" } | { state: "error"; message: string };

export async function fetchStalls(query: DiscoverQuery, signal?: AbortSignal): Promise<Loaded> {
  const { box, from, filter } = query;
  const params = new URLSearchParams({
    bbox: [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(","),
    near: `${from.lat},${from.lng}`,
    limit: String(MAX_BOX_STALLS),
  });
  if (filter !== "all") params.set("filter", filter);
  const response = await fetch(`/api/shop?${params}`, { signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = (await response.json()) as { items: StallListItem[]; truncated: boolean };
  return { query, stalls: body.items.map(toDiscoverStall), truncated: body.truncated };
}
