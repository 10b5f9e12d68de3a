import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import type { LatLng } from "~/lib/rules/geo";
import { trailEstimateText } from "~/lib/rules/trail-estimate";
import { courseOf, type TrailPlan, type TrailStall } from "~/lib/rules/trail-order";
import type { DroppedStopView, TrailStopView } from "~/lib/schemas/food-trail";

// A trail's stalls as the walking rules plan them and as trails answer them: shared by reading, saving and
// generating trails.

/** The columns a trail's stall is read with: its card, its clock and whether visitors may still see it. */
export const trailStallColumns = {
  rowId: stalls.id,
  shopUniqueId: stalls.shopUniqueId,
  name: stalls.name,
  location: stalls.location,
  latitude: stalls.latitude,
  longitude: stalls.longitude,
  thumbnailImage: stalls.thumbnailImage,
  category: stalls.category,
  tags: stalls.tags,
  ratingAverage: stalls.ratingAverage,
  ratingCount: stalls.ratingCount,
  weeklySchedule: stalls.weeklySchedule,
  timeZone: stalls.timeZone,
  status: stalls.status,
};

export const selectTrailStalls = (db: Db) => db.select(trailStallColumns).from(stalls);
export type TrailStallRow = Awaited<ReturnType<typeof selectTrailStalls>>[number];

/** A stall the walking rules plan with, carrying what its stop shows and the author's note. */
export interface CardStall extends TrailStall {
  rowId: number;
  card: TrailStopView["stall"];
  note: string | null;
}

export function toCardStall(row: TrailStallRow, note: string | null = null): CardStall {
  return {
    id: row.shopUniqueId,
    rowId: row.rowId,
    position: { lat: row.latitude, lng: row.longitude },
    schedule: row.weeklySchedule,
    timeZone: row.timeZone,
    course: courseOf(row.category, row.tags),
    note,
    card: {
      id: row.shopUniqueId,
      name: row.name,
      location: row.location,
      latitude: row.latitude,
      longitude: row.longitude,
      thumbnail_image: row.thumbnailImage,
      category: row.category,
      tags: row.tags,
      rating_average: row.ratingAverage,
      rating_count: row.ratingCount,
      weekly_schedule: row.weeklySchedule,
      time_zone: row.timeZone,
    },
  };
}

/** Kilometres with two decimals: enough for a 50 m leg, and pages round further as they show them. */
export const roundWalkKm = (km: number) => Math.round(km * 100) / 100;

export function stopViews(plan: TrailPlan<CardStall>): TrailStopView[] {
  return plan.stops.map((stop, index) => ({
    position: index + 1,
    note: stop.stall.note,
    stall: stop.stall.card,
    leg_km: stop.legKm === null ? null : roundWalkKm(stop.legKm),
    leg_minutes: stop.legMinutes,
    arrives_at: stop.arrivesAt.toISOString(),
    open_on_arrival: stop.openOnArrival,
  }));
}

export function droppedViews(plan: TrailPlan<CardStall>): DroppedStopView[] {
  return plan.dropped.map((dropped) => ({
    stall: { id: dropped.stall.id, name: dropped.stall.card.name },
    reason: dropped.reason,
  }));
}

/** The walk's figures as trail cards and pages show them. */
export function walkFigures(plan: TrailPlan<CardStall>, options: { generatedThreeStops: boolean }) {
  return {
    walking_km: roundWalkKm(plan.walkingKm),
    estimate_minutes: plan.totalMinutes,
    estimate_text: trailEstimateText(plan.totalMinutes, options),
  };
}

/** The middle of the stops: where the near list places a trail. */
export function middleOf(points: readonly LatLng[]): LatLng {
  const sum = points.reduce((total, p) => ({ lat: total.lat + p.lat, lng: total.lng + p.lng }), {
    lat: 0,
    lng: 0,
  });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/** The neighbourhood most stops are in, from their addresses' last two parts ("VV Puram, Bangalore"); the first
 * stop's wins a tie. */
export function areaOf(locations: readonly string[]): string {
  const areas = locations.map((location) => {
    const parts = location
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    return parts.slice(-2).join(", ");
  });
  const counts = new Map<string, number>();
  for (const area of areas) if (area) counts.set(area, (counts.get(area) ?? 0) + 1);
  let best = "";
  for (const area of areas) if ((counts.get(area) ?? 0) > (counts.get(best) ?? 0)) best = area;
  return best;
}
