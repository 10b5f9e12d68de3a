// Benchmarks the food-trail optimiser (issue 18, ADR 020) on the seeded stalls, in Node: no database is involved.
//   npx tsx scripts/bench-trails.ts
// Over 1,000 random trails of 3-12 stops (100 of each size), each a random pick among the stalls nearest a random
// stall, in a random order, half from a walker's position and half from the first stop, starting at 18:00 IST on
// each day of the week in turn:
// - with the real opening hours: the walk of the order picked, the optimised walk, the stops kept and left out;
// - walking only (every stall open around the clock), so the walk can be compared with the exact optimum, found
//   by Held-Karp dynamic programming: the gap must be 0 up to 8 stops (the optimiser is exact there) and is
//   reported for 9-12 (nearest neighbour then 2-opt);
// - the optimiser's time per trail, p50 and p99, by trail size, both ways.
// Throws (exit 1) only if a gap up to 8 stops is not 0, never for time.
import { performance } from "node:perf_hooks";
import { DEFAULT_TIME_ZONE } from "../app/lib/rules/options";
import type { WeeklySchedule } from "../app/lib/rules/schedule";
import {
  courseOf,
  EXACT_MAX_STOPS,
  optimiseTrail,
  type PlanOptions,
  planInOrder,
  type TrailStall,
} from "../app/lib/rules/trail-order";
import { walkingKm } from "../app/lib/rules/walking";
import { embeddedStalls, seededRandom } from "./seed-data";

export interface BenchStall {
  id: string;
  lat: number;
  lng: number;
  schedule: WeeklySchedule | null;
  timeZone: string;
  category: string;
  tags: string[];
}

const TRAILS = 1000;
const MIN_STOPS = 3;
const MAX_STOPS = 12;
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const ALWAYS: WeeklySchedule = Object.fromEntries(
  DAYS.map((day) => [day, { status: "open", open: "00:00", close: "00:00" }]),
);
// 2026-11-16 is a Monday; 18:00 IST is 12:30 UTC.
const eveningOf = (day: number) => new Date(Date.UTC(2026, 10, 16 + day, 12, 30));

/** The exact shortest walk through every stall (Held-Karp), from `from` or from whichever stall is best first. */
function shortestWalkKm(stalls: readonly TrailStall[], from: PlanOptions["from"]): number {
  const n = stalls.length;
  const full = (1 << n) - 1;
  const best = new Float64Array((1 << n) * n).fill(Number.POSITIVE_INFINITY);
  const leg = stalls.map((a) => stalls.map((b) => walkingKm(a.position, b.position)));
  stalls.forEach((stall, j) => {
    best[(1 << j) * n + j] = from ? walkingKm(from, stall.position) : 0;
  });
  for (let mask = 1; mask <= full; mask++) {
    for (let last = 0; last < n; last++) {
      const walked = best[mask * n + last] as number;
      if (!(mask & (1 << last)) || walked === Number.POSITIVE_INFINITY) continue;
      for (let next = 0; next < n; next++) {
        if (mask & (1 << next)) continue;
        const to = (mask | (1 << next)) * n + next;
        const km = walked + ((leg[last] as number[])[next] as number);
        if (km < (best[to] as number)) best[to] = km;
      }
    }
  }
  let shortest = Number.POSITIVE_INFINITY;
  for (let last = 0; last < n; last++) shortest = Math.min(shortest, best[full * n + last] as number);
  return shortest;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

interface SizeFigures {
  pickedKm: number[];
  optimisedKm: number[];
  exactKm: number[];
  gapMetres: number[];
  msWalking: number[];
  hoursPickedKm: number[];
  hoursPickedShut: number[];
  hoursKm: number[];
  hoursKept: number[];
  hoursClosesBefore: number[];
  msHours: number[];
}

export async function benchTrailOptimiser(stalls: BenchStall[]): Promise<string[]> {
  const random = seededRandom(18);
  const trailStalls: TrailStall[] = stalls.map((stall) => ({
    id: stall.id,
    position: { lat: stall.lat, lng: stall.lng },
    schedule: stall.schedule,
    timeZone: stall.timeZone,
    course: courseOf(stall.category, stall.tags),
  }));
  const figures = new Map<number, SizeFigures>();
  for (let trail = 0; trail < TRAILS; trail++) {
    const size = MIN_STOPS + (trail % (MAX_STOPS - MIN_STOPS + 1));
    const anchor = random.pick(trailStalls);
    // A walkable neighbourhood: the stalls nearest the anchor, twice as many as the trail needs.
    const nearby = [...trailStalls]
      .sort((a, b) => walkingKm(anchor.position, a.position) - walkingKm(anchor.position, b.position))
      .slice(0, Math.max(size, 2 * size));
    const picked: TrailStall[] = [];
    while (picked.length < size)
      picked.push(nearby.splice(Math.floor(random.next() * nearby.length), 1)[0] as TrailStall);
    const from =
      trail % 2 === 0
        ? null
        : {
            lat: anchor.position.lat + (random.next() - 0.5) * 0.006,
            lng: anchor.position.lng + (random.next() - 0.5) * 0.006,
          };
    const options: PlanOptions = { start: eveningOf(trail % 7), from };
    const alwaysOpen = picked.map((stall) => ({ ...stall, schedule: ALWAYS }));

    const pickedPlan = planInOrder(picked, options);
    const [withHours, msHours] = timed(() => optimiseTrail(picked, options));
    const [walkingOnly, msWalking] = timed(() => optimiseTrail(alwaysOpen, options));
    const exact = shortestWalkKm(alwaysOpen, from);
    const gapMetres = (walkingOnly.walkingKm - exact) * 1000;
    if (size <= EXACT_MAX_STOPS && Math.round(walkingOnly.walkingKm * 1000) !== Math.round(exact * 1000)) {
      throw new Error(
        `trail ${trail} of ${size} stops walks ${gapMetres.toFixed(1)} m more than the optimum`,
      );
    }
    const row = figures.get(size) ?? {
      pickedKm: [],
      optimisedKm: [],
      exactKm: [],
      gapMetres: [],
      msWalking: [],
      hoursPickedKm: [],
      hoursPickedShut: [],
      hoursKm: [],
      hoursKept: [],
      hoursClosesBefore: [],
      msHours: [],
    };
    row.pickedKm.push(pickedPlan.walkingKm);
    row.optimisedKm.push(walkingOnly.walkingKm);
    row.exactKm.push(exact);
    row.gapMetres.push(gapMetres);
    row.msWalking.push(msWalking);
    row.hoursPickedKm.push(pickedPlan.walkingKm);
    row.hoursPickedShut.push(pickedPlan.stops.filter((stop) => stop.openOnArrival !== "open").length);
    row.hoursKm.push(withHours.walkingKm);
    row.hoursKept.push(withHours.stops.length);
    row.hoursClosesBefore.push(withHours.dropped.filter((d) => d.reason === "closes_before_arrival").length);
    row.msHours.push(msHours);
    figures.set(size, row);
  }

  const lines = [
    `Food-trail optimiser: ${TRAILS} trails of ${MIN_STOPS}-${MAX_STOPS} stops from ${stalls.length} stalls (means per trail; km of walking, detour 1.25)`,
    "",
    "Walking only (every stall open): picked order vs optimised vs exact optimum (Held-Karp)",
    "stops | trails | picked km | optimised km | saved | exact km | gap>0 trails | max gap m | mean gap | p50 ms | p99 ms",
  ];
  const sizes = [...figures.keys()].sort((a, b) => a - b);
  const fixed = (value: number, digits = 2) => value.toFixed(digits);
  for (const size of sizes) {
    const row = figures.get(size) as SizeFigures;
    const saved = 1 - mean(row.optimisedKm) / mean(row.pickedKm);
    const gaps = row.gapMetres.map((gap) => Math.max(0, gap));
    const meanGap = mean(row.gapMetres.map((gap, i) => gap / 1000 / (row.exactKm[i] as number)));
    lines.push(
      [
        String(size).padStart(5),
        String(row.pickedKm.length).padStart(6),
        fixed(mean(row.pickedKm)).padStart(9),
        fixed(mean(row.optimisedKm)).padStart(12),
        `${fixed(saved * 100, 1)}%`.padStart(5),
        fixed(mean(row.exactKm)).padStart(8),
        String(gaps.filter((gap) => gap >= 0.5).length).padStart(12),
        fixed(Math.max(...gaps), 1).padStart(9),
        `${fixed(meanGap * 100, 2)}%`.padStart(8),
        fixed(percentile(row.msWalking, 50), 2).padStart(6),
        fixed(percentile(row.msWalking, 99), 2).padStart(6),
      ].join(" | "),
    );
  }
  lines.push(
    "",
    "Real opening hours, start 18:00 IST: picked order (stops shut on arrival) vs optimised (stops kept, left out)",
    "stops | picked km | shut on arrival | optimised km | kept | closes before | not open | p50 ms | p99 ms",
  );
  for (const size of sizes) {
    const row = figures.get(size) as SizeFigures;
    lines.push(
      [
        String(size).padStart(5),
        fixed(mean(row.hoursPickedKm)).padStart(9),
        fixed(mean(row.hoursPickedShut)).padStart(15),
        fixed(mean(row.hoursKm)).padStart(12),
        fixed(mean(row.hoursKept)).padStart(4),
        fixed(mean(row.hoursClosesBefore)).padStart(13),
        fixed(size - mean(row.hoursKept) - mean(row.hoursClosesBefore)).padStart(8),
        fixed(percentile(row.msHours, 50), 2).padStart(6),
        fixed(percentile(row.msHours, 99), 2).padStart(6),
      ].join(" | "),
    );
  }
  return lines;
}

async function main() {
  const { approved } = embeddedStalls(Date.UTC(2026, 10, 16));
  const stalls = approved.map((stall, index) => ({
    id: `seed${index}`,
    lat: stall.latitude,
    lng: stall.longitude,
    schedule: stall.weeklySchedule,
    timeZone: stall.timeZone ?? DEFAULT_TIME_ZONE,
    category: stall.category,
    tags: stall.tags,
  }));
  for (const line of await benchTrailOptimiser(stalls)) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
