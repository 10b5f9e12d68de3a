// The stall queries' limits and choices, without zod (ADR 056): Discover and the map read them in the browser,
// stall-query.ts's schemas check against them.

export const STALL_FILTERS = ["nearby", "open_now", "new"] as const;
export type StallFilter = (typeof STALL_FILTERS)[number];

/** The Nearby filter's radius: stalls within 5 km of the point. */
export const NEARBY_RADIUS_KM = 5;
/** Without a radius, a search around a point orders every stall by distance, up to this far. */
export const MAX_RADIUS_KM = 2000;

/** A page of a list answers at most this many stalls. */
export const MAX_PAGE_STALLS = 100;
/** A bounding-box query answers at most this many stalls (the nearest to the box's middle) and says when more
 * exist (`truncated`): enough for a map's clusters, few enough for a phone to draw at once (ADR 015). */
export const MAX_BOX_STALLS = 200;

/** Discover's zoom levels: the map's range (maxZoom 19) from a whole region down. */
export const AREA_ZOOM = { min: 3, max: 19 } as const;
