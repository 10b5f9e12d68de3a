import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, stalls } from "~/db/schema";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { openChange } from "~/lib/rules/open-status";
import { optimiseTrail, type TrailPlan } from "~/lib/rules/trail-order";
import type { GeneratedTrailView, GenerateTrailInput } from "~/lib/schemas/food-trail";
import { findNearbyStalls } from "~/models/stall/nearby.server";
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
/** A walk's reach from the start: the nearer radius first, the wider one when it holds too few open stalls. */
export const GENERATE_RADII_KM = [2, 5] as const;
/** The nearest stalls looked at: enough for variety and for 'Try another', few enough to rank at once. */
const CANDIDATES = 40;
/** Stalls that open within this long of the start still count: the walk takes a while to reach them. */
const OPENS_SOON_MS = 60 * 60 * 1000;
/** Replacing stalls the walk cannot reach while open is tried this many times. */
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

/** Open (or soon open) approved stalls within the walk's reach, nearest first, the radius growing when too few. */
async function candidatesNear(db: Db, input: GenerateTrailInput, start: Date): Promise<TrailStallRow[]> {
  const center = { lat: input.lat, lng: input.lng };
  let open: TrailStallRow[] = [];
  for (const radiusKm of GENERATE_RADII_KM) {
    const page = await findNearbyStalls(db, { center, radiusKm, limit: CANDIDATES, now: start });
    if (page.items.length === 0) continue;
    const rows = await selectTrailStalls(db).where(
      inArray(
        stalls.shopUniqueId,
        page.items.map((item) => item.shop_unique_id),
      ),
    );
    open = rows.filter((row) => openSoon(row, start, input.allowMaybe));
    // Room to choose (and to leave out the trail shown before) needs a few more stalls than stops.
    if (open.length >= input.count * 2) break;
  }
  return open;
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
    const left = pool.filter(({ row }) => !chosen.includes(row));
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
  let pool = (await candidatesNear(db, input, start)).map((row) => ({
    row,
    appeal: appealOf(row, preferences, excluded),
  }));

  let plan: TrailPlan<CardStall> = { stops: [], dropped: [], walkingKm: 0, totalMinutes: 0 };
  for (let attempt = 0; attempt < REPLAN_ATTEMPTS; attempt++) {
    const chosen = choose(pool, input.count, excluded, from);
    plan = optimiseTrail(
      chosen.map((row) => toCardStall(row)),
      { start, from, allowMaybe: input.allowMaybe },
    );
    if (plan.dropped.length === 0) break;
    // Stalls the walk cannot reach while open make way for the next ones.
    const unreachable = new Set(plan.dropped.map((dropped) => dropped.stall.id));
    pool = pool.filter(({ row }) => !unreachable.has(row.shopUniqueId));
    if (pool.length < input.count) break;
  }
  return {
    stops: stopViews(plan),
    dropped: droppedViews(plan),
    ...walkFigures(plan, { generatedThreeStops: input.count === 3 && plan.stops.length === 3 }),
    default_location: input.lat === DEFAULT_TRAIL_START.lat && input.lng === DEFAULT_TRAIL_START.lng,
  };
}
