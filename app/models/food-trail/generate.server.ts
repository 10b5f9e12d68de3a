import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, stalls } from "~/db/schema";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { openChange } from "~/lib/rules/open-status";
import { DEFAULT_TIME_ZONE } from "~/lib/rules/options";
import { GENERATE_MIN_STOPS } from "~/lib/rules/trail-limits";
import type { TrailPlan } from "~/lib/rules/trail-order";
import {
  MAX_LEG_KM,
  NEAREST_OPEN_MAX_KM,
  nextWalkStart,
  WALK_REACH_KM,
  walkableTrail,
} from "~/lib/rules/trail-walkable";
import { walkingKm } from "~/lib/rules/walking";
import type { GeneratedTrailView, GenerateTrailInput } from "~/lib/schemas/food-trail";
import { findNearbyStalls } from "~/models/stall/stall.server";
import {
  type CardStall,
  droppedViews,
  selectTrailStalls,
  stopViews,
  type TrailStallRow,
  toCardStall,
  walkFigures,
} from "./stops.server";

// Feeling Hungry (issue 18): a trail through approved stalls near a point, open when the walker gets there, varied in
// cuisine, the better rated and the viewer's kind of food first, and a little different every time.

/** Where Home's generator starts when the visitor's location is unknown (New Delhi, as Discover's first map). */
export const DEFAULT_TRAIL_START: LatLng = { lat: 28.6139, lng: 77.209 };
/** The nearest stalls looked at: enough for variety and for 'Try another', few enough to rank at once. */
const CANDIDATES = 40;
/** Stalls that open within this long of the start still count: the walk takes a while to reach them. */
const OPENS_SOON_MS = 60 * 60 * 1000;
/** Replacing stalls the walk cannot reach while open, or that make it too long, is tried this many times. */
const REPLAN_ATTEMPTS = 3;

export interface GeneratorViewer {
  id: string;
  foodPreferences: string[];
}

/** The signed-in viewer as the generator needs them: their food preferences from the profile. */
export async function generatorViewer(db: Db, userId: string): Promise<GeneratorViewer> {
  const [row] = await db
    .select({ foodPreferences: profiles.foodPreferences })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return { id: userId, foodPreferences: row?.foodPreferences ?? [] };
}

function openSoon(row: TrailStallRow, start: Date, allowMaybe: boolean): boolean {
  const wanted = (state: string | null) => state === "open" || (allowMaybe && state === "maybe");
  const { state, changesAt, nextState } = openChange(row.weeklySchedule, row.timeZone, start);
  if (wanted(state)) return true;
  return changesAt !== null && wanted(nextState) && changesAt.getTime() - start.getTime() <= OPENS_SOON_MS;
}

/** From the default start, nobody walks the way to the first stop: its stalls may be this far (the legs between
 * stops keep their bounds). New Delhi's centre is 2.1 km from Connaught Place's stalls. */
const DEFAULT_START_REACH_KM = 5;

const isDefaultStart = (input: GenerateTrailInput) =>
  input.lat === DEFAULT_TRAIL_START.lat && input.lng === DEFAULT_TRAIL_START.lng;

/** Approved stalls within a walk of the start, nearest first (ADR 033: a wider radius made walks of 9 to 14 km). */
async function stallsInReach(db: Db, input: GenerateTrailInput, start: Date): Promise<TrailStallRow[]> {
  const center = { lat: input.lat, lng: input.lng };
  const radiusKm = isDefaultStart(input) ? DEFAULT_START_REACH_KM : WALK_REACH_KM;
  const page = await findNearbyStalls(db, { center, radiusKm, limit: CANDIDATES, now: start });
  if (page.items.length === 0) return [];
  return selectTrailStalls(db).where(
    inArray(
      stalls.shopUniqueId,
      page.items.map((item) => item.shop_unique_id),
    ),
  );
}

const mainTag = (row: TrailStallRow) => row.category.trim().toLowerCase();
const positionOf = (row: TrailStallRow): LatLng => ({ lat: row.latitude, lng: row.longitude });

/** What each further kilometre from the previous stop costs a candidate, against a rating worth 0 to 1: a trail is a
 * walk through stalls close together, so a stall one kilometre nearer beats one a full star better. */
const LEG_KM_PENALTY = 0.5;
/** A second stall of a cuisine already on the trail, while other cuisines are in reach. */
const REPEAT_CUISINE_PENALTY = 1;

/** How much a stall is wanted wherever it is: its rating, the viewer's kind of food, not the trail just shown, and
 * some chance, so that good stalls take turns. */
function appealOf(row: TrailStallRow, preferences: Set<string>, excluded: Set<string>) {
  const rating = (row.ratingAverage ?? 3.5) / 5;
  const liked = [row.category, ...row.tags].some((tag) => preferences.has(tag.toLowerCase())) ? 0.4 : 0;
  const shownBefore = excluded.has(row.shopUniqueId) ? 1 : 0;
  return rating + liked - shownBefore + Math.random() * 0.5;
}

/**
 * `count` stalls picked one after another, each the most wanted from where the walk has got to (the walker, then the
 * last pick), so the stops stand close together; a cuisine repeats only when no other is in the pool, and the set
 * is never exactly the excluded one.
 */
function choose(
  pool: { row: TrailStallRow; appeal: number }[],
  count: number,
  excluded: Set<string>,
  from: LatLng,
): TrailStallRow[] {
  const chosen: TrailStallRow[] = [];
  const cuisines = new Set<string>();
  let at = from;
  while (chosen.length < count) {
    // Past the first stop, a stall more than a leg's bound away is no next stop: the trail stays shorter instead.
    const left = pool.filter(
      ({ row }) =>
        !chosen.includes(row) && (chosen.length === 0 || walkingKm(at, positionOf(row)) <= MAX_LEG_KM),
    );
    if (left.length === 0) break;
    const newCuisineLeft = left.some(({ row }) => !cuisines.has(mainTag(row)));
    let best = left[0];
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const candidate of left) {
      const value =
        candidate.appeal -
        LEG_KM_PENALTY * distanceKm(at, positionOf(candidate.row)) -
        (newCuisineLeft && cuisines.has(mainTag(candidate.row)) ? REPEAT_CUISINE_PENALTY : 0);
      if (value > bestValue) {
        best = candidate;
        bestValue = value;
      }
    }
    if (!best) break;
    chosen.push(best.row);
    cuisines.add(mainTag(best.row));
    at = positionOf(best.row);
  }
  const sameAsBefore =
    excluded.size === chosen.length && chosen.every((row) => excluded.has(row.shopUniqueId));
  if (sameAsBefore) {
    const other = pool.find(({ row }) => !excluded.has(row.shopUniqueId));
    if (other) chosen[chosen.length - 1] = other.row;
    else chosen.pop();
  }
  return chosen;
}

/** More stops first, then the shorter walk. */
const betterPlan = (a: TrailPlan<CardStall>, b: TrailPlan<CardStall>) =>
  a.stops.length !== b.stops.length ? a.stops.length > b.stops.length : a.walkingKm < b.walkingKm;

/** With too few stalls open for a walk at the start: the next time enough of those in reach are (nextWalkStart),
 * and otherwise how far the nearest open stall is. */
async function laterOrElsewhere(db: Db, input: GenerateTrailInput, start: Date, inReach: TrailStallRow[]) {
  const nextStart = nextWalkStart(
    inReach.map((row) => ({ schedule: row.weeklySchedule, timeZone: row.timeZone })),
    start,
    input.count,
    input.allowMaybe,
  );
  if (nextStart) return { next_start: nextStart.toISOString(), nearest_open_km: null };
  const nearest = await findNearbyStalls(db, {
    center: { lat: input.lat, lng: input.lng },
    radiusKm: NEAREST_OPEN_MAX_KM,
    limit: 1,
    filters: { openNow: true },
    now: start,
  });
  return { next_start: null, nearest_open_km: nearest.items[0]?.distance ?? null };
}

/** A trail near the point that is not stored until someone saves it. */
export async function generateTrail(
  db: Db,
  viewer: GeneratorViewer | null,
  input: GenerateTrailInput,
  now: Date,
): Promise<GeneratedTrailView> {
  const start = input.start ? new Date(input.start) : now;
  const from = { lat: input.lat, lng: input.lng };
  const excluded = new Set(input.exclude);
  const preferences = new Set((viewer?.foodPreferences ?? []).map((p) => p.toLowerCase()));
  const inReach = await stallsInReach(db, input, start);
  let pool = inReach
    .filter((row) => openSoon(row, start, input.allowMaybe))
    .map((row) => ({ row, appeal: appealOf(row, preferences, excluded) }));

  let plan: TrailPlan<CardStall> = { stops: [], dropped: [], walkingKm: 0, totalMinutes: 0 };
  for (let attempt = 0; attempt < REPLAN_ATTEMPTS; attempt++) {
    const chosen = choose(pool, input.count, excluded, from);
    const walk = walkableTrail(
      chosen.map((row) => toCardStall(row)),
      { start, from, allowMaybe: input.allowMaybe },
    );
    if (attempt === 0 || betterPlan(walk.plan, plan)) plan = walk.plan;
    if (walk.plan.dropped.length === 0 && walk.trimmed.length === 0) break;
    // Stalls the walk cannot reach while open, or that stretch it past its bounds, make way for the next ones.
    const left = new Set(
      [...walk.plan.dropped.map((dropped) => dropped.stall), ...walk.trimmed].map((s) => s.id),
    );
    pool = pool.filter(({ row }) => !left.has(row.shopUniqueId));
    if (pool.length === 0) break;
  }
  const fewerThanATrail = plan.stops.length < GENERATE_MIN_STOPS;
  return {
    stops: stopViews(plan),
    dropped: droppedViews(plan),
    ...walkFigures(plan, { generatedThreeStops: input.count === 3 && plan.stops.length === 3 }),
    default_location: isDefaultStart(input),
    start: start.toISOString(),
    time_zone: inReach[0]?.timeZone ?? DEFAULT_TIME_ZONE,
    stalls_in_reach: inReach.length,
    ...(fewerThanATrail
      ? await laterOrElsewhere(db, input, start, inReach)
      : { next_start: null, nearest_open_km: null }),
  };
}
