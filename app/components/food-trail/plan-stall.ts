import { openChange } from "~/lib/rules/open-status";
import { DEFAULT_TIME_ZONE } from "~/lib/rules/options";
import { courseOf, planInOrder, type TrailStall } from "~/lib/rules/trail-order";
import type { TrailStallInfo } from "~/lib/schemas/food-trail";
import type { StallListItem } from "~/models/stall/stall.server";

export type { TrailStallInfo };

export type PlannableStall = TrailStallInfo & TrailStall;

/** The card's fields of a stall as the list endpoints or the stall page's model answer it. */
export function trailStallInfo(stall: StallListItem & { category?: string | null }): TrailStallInfo {
  return {
    id: stall.id,
    name: stall.name,
    location: stall.location,
    latitude: stall.latitude,
    longitude: stall.longitude,
    thumbnail_image: stall.thumbnail_image,
    category: stall.category ?? null,
    tags: stall.tags,
    rating_average: stall.rating_average,
    weekly_schedule: stall.weekly_schedule,
    time_zone: stall.time_zone,
  };
}

export function plannable(stall: TrailStallInfo): PlannableStall {
  return {
    ...stall,
    position: { lat: stall.latitude, lng: stall.longitude },
    schedule: stall.weekly_schedule,
    timeZone: stall.time_zone,
    course: courseOf(stall.category, stall.tags),
  };
}

/** The clock a trail's times are read on: its stalls' (one city's) time zone. */
export function trailTimeZone(stalls: readonly TrailStallInfo[]): string {
  return stalls[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * The stops in the order given, with the walk to each, the arrival time and the state on arrival, and whether each
 * was open when the walk started (a stop open then but closed on arrival closes before you get there).
 */
export function planStops(stalls: readonly TrailStallInfo[], start: Date) {
  const plan = planInOrder(stalls.map(plannable), { start, from: null });
  return {
    ...plan,
    stops: plan.stops.map((stop) => ({
      ...stop,
      openAtStart: openChange(stop.stall.schedule, stop.stall.timeZone, start).state !== "closed",
    })),
  };
}
