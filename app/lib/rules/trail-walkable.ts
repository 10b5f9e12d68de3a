// What makes a generated trail walkable (issue 34): how far its stalls may be from the walker and from each other,
// and, when too few are open now, the next time enough are. Reasons and numbers: docs/decisions/033-walkable-trails.md.
import { type OpenState, openChange } from "~/lib/rules/open-status";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { GENERATE_MIN_STOPS } from "~/lib/rules/trail-limits";
import {
  optimiseTrail,
  type PlanOptions,
  planInOrder,
  type TrailPlan,
  type TrailStall,
} from "~/lib/rules/trail-order";

/** Candidates lie within this straight line of the walker: about 2.5 km and half an hour by the streets. */
export const WALK_REACH_KM = 2;
/** The longest walk by the streets from one stop to the next: 15 minutes at WALKING_KMH. */
export const MAX_LEG_KM = 1.2;
/** The longest walk by the streets from the first stop to the last: 30 minutes at WALKING_KMH. */
export const MAX_TRAIL_WALK_KM = 2.5;
/** How far the nearest open stalls are looked for when none is within a walk: a city's breadth. */
export const NEAREST_OPEN_MAX_KM = 25;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the next time enough stalls are open is looked for: every weekly schedule repeats within it. */
const LOOK_AHEAD_MS = 7 * DAY_MS;

/** The walk between stops, the walker's way to the first stop left out (its reach is WALK_REACH_KM). */
const legsBetween = (plan: TrailPlan<TrailStall>) => plan.stops.slice(1).map((stop) => stop.legKm ?? 0);
const kmBetween = (plan: TrailPlan<TrailStall>) => legsBetween(plan).reduce((sum, km) => sum + km, 0);

/** Whether no leg between two stops is longer than MAX_LEG_KM and all of them together not than MAX_TRAIL_WALK_KM. */
export function withinBounds(plan: TrailPlan<TrailStall>): boolean {
  // A hair of slack: a leg of exactly the bound, computed through floating point, is within it.
  return (
    legsBetween(plan).every((km) => km <= MAX_LEG_KM + 1e-9) && kmBetween(plan) <= MAX_TRAIL_WALK_KM + 1e-9
  );
}

/**
 * The best walk through the stalls (optimiseTrail, ADR 020) with stops taken out until it is within the bounds:
 * each time the stop whose removal leaves the shortest walk between stops (then the shortest from the walker), so a trail keeps fewer stops rather
 * than become a long walk. `trimmed` are the stalls taken out; stalls no order reaches while open stay in `dropped`.
 */
export function walkableTrail<T extends TrailStall>(
  stalls: readonly T[],
  options: PlanOptions,
): { plan: TrailPlan<T>; trimmed: T[] } {
  let plan = optimiseTrail(stalls, options);
  const trimmed: T[] = [];
  while (plan.stops.length > 1 && !withinBounds(plan)) {
    const kept = plan.stops.map((stop) => stop.stall);
    let worst = 0;
    let shortest: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    kept.forEach((_, index) => {
      const without = planInOrder(kept.toSpliced(index, 1), options);
      // The shorter walk between stops, to the metre; then the shorter whole walk, which keeps stops near the walker.
      const km: [number, number] = [Math.round(kmBetween(without) * 1000), without.walkingKm];
      if (km[0] < shortest[0] || (km[0] === shortest[0] && km[1] < shortest[1])) {
        shortest = km;
        worst = index;
      }
    });
    trimmed.push(kept[worst] as T);
    // The stops left are ordered again: without the stop taken out, arrivals are earlier.
    const next = optimiseTrail(kept.toSpliced(worst, 1), options);
    plan = { ...next, dropped: [...plan.dropped, ...next.dropped] };
  }
  return { plan, trimmed };
}

export interface ScheduledStall {
  schedule: WeeklySchedule | null;
  timeZone: string;
}

/**
 * The first moment after `after`, within `withinMs` (a week unless given), at which at least `needed` of the stalls are open (or maybe open,
 * with allowMaybe): a moment when one of them opens. Null when there is none. Read as a sweep over each stall's
 * changes, one openChange per change, so forty stalls cost a few hundred calls.
 */
export function nextOpenStart(
  stalls: readonly ScheduledStall[],
  after: Date,
  needed: number,
  { allowMaybe = false, withinMs = LOOK_AHEAD_MS }: { allowMaybe?: boolean; withinMs?: number } = {},
): Date | null {
  const wanted = (state: OpenState | null) => state === "open" || (allowMaybe && state === "maybe");
  const end = after.getTime() + withinMs;
  const changes: { at: number; delta: number }[] = [];
  let open = 0;
  for (const stall of stalls) {
    let change = openChange(stall.schedule, stall.timeZone, after);
    if (wanted(change.state)) open++;
    while (change.changesAt && change.changesAt.getTime() <= end) {
      const delta = Number(wanted(change.nextState)) - Number(wanted(change.state));
      if (delta !== 0) changes.push({ at: change.changesAt.getTime(), delta });
      change = openChange(stall.schedule, stall.timeZone, change.changesAt);
    }
  }
  changes.sort((a, b) => a.at - b.at);
  for (let index = 0; index < changes.length; index++) {
    const at = (changes[index] as { at: number }).at;
    // Every change at one moment is counted before the moment is judged.
    while (index < changes.length && (changes[index] as { at: number }).at === at) {
      open += (changes[index] as { delta: number }).delta;
      index++;
    }
    index--;
    if (open >= needed) return new Date(at);
  }
  return null;
}

/**
 * When to offer a walk of `stops` stops through these stalls, too few of which are open at `after`: the first
 * moment within a day at which that many are open, else at which two are (a shorter walk today beats the full one
 * tomorrow), else the same within a week. Null when no two of them are ever open together.
 */
export function nextWalkStart(
  stalls: readonly ScheduledStall[],
  after: Date,
  stops: number,
  allowMaybe = false,
): Date | null {
  const needed = Math.max(GENERATE_MIN_STOPS, Math.min(stops, stalls.length));
  for (const withinMs of [DAY_MS, LOOK_AHEAD_MS]) {
    for (const count of [needed, GENERATE_MIN_STOPS]) {
      const found = nextOpenStart(stalls, after, count, { allowMaybe, withinMs });
      if (found) return found;
    }
  }
  return null;
}
