// The walking order of a food trail (issue 18): the shortest walk on which every stop is open when the walker gets
// there, with the courses in the order a food lover eats them as the tie-breaker. Reasons and limits are in
// docs/decisions/020-food-trail-order.md.
import type { LatLng } from "~/lib/rules/geo";
import { type OpenState, openChange } from "~/lib/rules/open-status";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { DWELL_MINUTES, walkingKm, walkingMinutes } from "~/lib/rules/walking";

export type Course = "savoury" | "sweet" | "drink";

const COURSE_RANK: Record<Course, number> = { savoury: 0, sweet: 1, drink: 2 };

/** Up to this many stops every order is tried; beyond it nearest neighbour then 2-opt (8! orders is 40,320). */
export const EXACT_MAX_STOPS = 8;

// Whole words, in any letter case and either script: "Tea and Snacks" is chai, "Steakhouse" is not tea.
const words = (list: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{M}])(?:${list.join("|")})(?![\\p{L}\\p{M}])`, "iu");
const SWEET = words([
  "sweets?",
  "desserts?",
  "mithai",
  "kulfi",
  "ice ?creams?",
  "jalebis?",
  "halwa",
  "rabri",
  "falooda",
  "kheer",
  "rasgullas?",
  "gulab jamun",
  "मिठाई",
  "मीठा",
  "कुल्फ़ी",
  "कुल्फी",
  "जलेबी",
]);
const DRINK = words([
  "drinks?",
  "beverages?",
  "chai",
  "teas?",
  "coffees?",
  "lassi",
  "juices?",
  "shakes?",
  "soda",
  "sharbat",
  "chaas",
  "चाय",
  "कॉफ़ी",
  "लस्सी",
  "जूस",
]);
// Tags that name a kind of savoury food (the category tags of options.ts and the seed's kinds); tags such as
// Cheap or Spicy name no course and are passed over.
const SAVOURY = words([
  "chaat",
  "snacks?",
  "street food",
  "indian",
  "chinese",
  "tibetan",
  "mexican",
  "italian",
  "thai",
  "japanese",
  "biryani",
  "kebabs?",
  "rolls?",
  "momos?",
  "dosas?",
  "parath[ae]s?",
  "paranthe",
  "breakfast",
  "lunch",
  "dinner",
  "चाट",
]);

function courseNamed(text: string): Course | null {
  if (SWEET.test(text)) return "sweet";
  if (DRINK.test(text)) return "drink";
  if (SAVOURY.test(text)) return "savoury";
  return null;
}

/**
 * A stall's course: its category decides (a "Tea and Snacks" stall is chai, "Desserts" sweet, any other food
 * savoury); without a category, the first tag that names a kind of food does, as the category itself is the first
 * category tag. Savoury when nothing says otherwise.
 */
export function courseOf(category: string | null, tags: readonly string[]): Course {
  if (category?.trim()) {
    const named = courseNamed(category);
    return named === "sweet" || named === "drink" ? named : "savoury";
  }
  for (const tag of tags) {
    const named = courseNamed(tag);
    if (named) return named;
  }
  return "savoury";
}

export interface TrailStall {
  id: string;
  position: LatLng;
  schedule: WeeklySchedule | null;
  timeZone: string;
  course: Course;
}

export interface PlanOptions {
  start: Date;
  /** Where the walker sets off; null when the walk starts at its first stop, which is then free to choose. */
  from: LatLng | null;
  /** Count "maybe open" as open enough to plan a stop. */
  allowMaybe?: boolean;
}

export interface PlannedStop<T extends TrailStall> {
  stall: T;
  /** The walk to this stop from the previous one (or from `from`); null for a first stop with no `from`. */
  legKm: number | null;
  legMinutes: number | null;
  arrivesAt: Date;
  openOnArrival: OpenState;
}

export interface DroppedStop<T extends TrailStall> {
  stall: T;
  /** closes_before_arrival: open at some time during the walk, but not when the walker can get there;
   * not_open_on_arrival: not open at any time during the walk. */
  reason: "closes_before_arrival" | "not_open_on_arrival";
}

export interface TrailPlan<T extends TrailStall> {
  stops: PlannedStop<T>[];
  dropped: DroppedStop<T>[];
  walkingKm: number;
  /** Walking plus DWELL_MINUTES at each stop. */
  totalMinutes: number;
}

const MINUTE_MS = 60 * 1000;

/** Where each leg starts and ends: the legs between stalls, and from the walker to each stall. */
interface Legs {
  km: (from: number, to: number) => number;
  minutes: (from: number, to: number) => number;
}

/** FROM is the walker's position in the leg tables; with no `from`, legs from it are free. */
const FROM = -1;

function legTables(stalls: readonly TrailStall[], from: LatLng | null): Legs {
  const n = stalls.length;
  const km = new Float64Array((n + 1) * n);
  const minutes = new Int32Array((n + 1) * n);
  // Row n holds the legs from the walker.
  for (let a = 0; a <= n; a++) {
    const origin = a === n ? from : (stalls[a] as TrailStall).position;
    for (let b = 0; b < n; b++) {
      const leg = origin && a !== b ? walkingKm(origin, (stalls[b] as TrailStall).position) : 0;
      km[a * n + b] = leg;
      minutes[a * n + b] = walkingMinutes(leg);
    }
  }
  const row = (a: number) => (a === FROM ? n : a);
  return {
    km: (a, b) => km[row(a) * n + b] as number,
    minutes: (a, b) => minutes[row(a) * n + b] as number,
  };
}

/**
 * A stall's state over the walk, read from openChange once per change rather than once per arrival tried: the
 * exact search tries up to 109,600 partial orders of 8 stops.
 */
function openTimeline(stall: TrailStall, start: number) {
  const froms: number[] = [];
  const states: OpenState[] = [];
  let next: number | null = start;
  const extendTo = (at: number) => {
    while (next !== null && at >= next) {
      const change = openChange(stall.schedule, stall.timeZone, new Date(next));
      froms.push(next);
      states.push(change.state);
      next = change.changesAt?.getTime() ?? null;
    }
  };
  return {
    /** The state at `at`, which is never before the start. */
    at(at: number): OpenState {
      extendTo(at);
      let index = froms.length - 1;
      while ((froms[index] as number) > at) index--;
      return states[index] as OpenState;
    },
    /** Whether some minute from the start to `end` has one of the states wanted. */
    someWithin(end: number, wanted: (state: OpenState) => boolean): boolean {
      extendTo(end);
      return states.some((state, index) => (froms[index] as number) <= end && wanted(state));
    },
  };
}

interface Candidate {
  order: number[];
  km: number;
  inversions: number;
}

// Orders that walk the same distance to the metre are equally good; among them fewer course inversions win.
const metres = (km: number) => Math.round(km * 1000);

/** Lexicographically: more stops kept, fewer metres walked, fewer courses out of order, then the exact distance. */
function better(a: Candidate, b: Candidate): boolean {
  if (a.order.length !== b.order.length) return a.order.length > b.order.length;
  if (metres(a.km) !== metres(b.km)) return metres(a.km) < metres(b.km);
  if (a.inversions !== b.inversions) return a.inversions < b.inversions;
  return a.km < b.km;
}

interface Search {
  stalls: readonly TrailStall[];
  legs: Legs;
  start: number;
  acceptable: (index: number, at: number) => boolean;
}

/** The order's walk if every stop is acceptable on arrival, else null. */
function evaluate(search: Search, order: readonly number[]): Candidate | null {
  let km = 0;
  let elapsed = 0;
  let inversions = 0;
  let previous = FROM;
  for (let position = 0; position < order.length; position++) {
    const index = order[position] as number;
    km += search.legs.km(previous, index);
    elapsed += search.legs.minutes(previous, index);
    if (!search.acceptable(index, search.start + elapsed * MINUTE_MS)) return null;
    const rank = COURSE_RANK[(search.stalls[index] as TrailStall).course];
    for (let before = 0; before < position; before++) {
      if (COURSE_RANK[(search.stalls[order[before] as number] as TrailStall).course] > rank) inversions++;
    }
    elapsed += DWELL_MINUTES;
    previous = index;
  }
  return { order: [...order], km, inversions };
}

/** Every order of every subset, depth first, pruned where it can no longer win. */
function exactOrder(search: Search): number[] {
  const n = search.stalls.length;
  const ranks = search.stalls.map((stall) => COURSE_RANK[stall.course]);
  let best: Candidate = { order: [], km: 0, inversions: 0 };
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const visit = (km: number, elapsed: number, inversions: number) => {
    const current = { order, km, inversions };
    if (better(current, best)) best = { ...current, order: [...order] };
    const previous = order.length > 0 ? (order[order.length - 1] as number) : FROM;
    for (let index = 0; index < n; index++) {
      if (used[index]) continue;
      const legKm = km + search.legs.km(previous, index);
      // Distances only grow: a branch that cannot keep more stops than the best and already walks further loses.
      if (best.order.length === n && metres(legKm) > metres(best.km)) continue;
      const arrival = elapsed + search.legs.minutes(previous, index);
      if (!search.acceptable(index, search.start + arrival * MINUTE_MS)) continue;
      let added = 0;
      for (const before of order) if ((ranks[before] as number) > (ranks[index] as number)) added++;
      used[index] = true;
      order.push(index);
      visit(legKm, arrival + DWELL_MINUTES, inversions + added);
      order.pop();
      used[index] = false;
    }
  };
  visit(0, 0, 0);
  return best.order;
}

/** Greedy: from the first stop, always walk to the nearest stall that is acceptable when the walker gets there. */
function nearestNeighbour(search: Search, first: number): number[] {
  const n = search.stalls.length;
  const order: number[] = [first];
  const used = new Array<boolean>(n).fill(false);
  used[first] = true;
  let elapsed = search.legs.minutes(FROM, first) + DWELL_MINUTES;
  for (;;) {
    const previous = order.length > 0 ? (order[order.length - 1] as number) : FROM;
    let next: number | null = null;
    for (let index = 0; index < n; index++) {
      if (used[index]) continue;
      const arrival = elapsed + search.legs.minutes(previous, index);
      if (!search.acceptable(index, search.start + arrival * MINUTE_MS)) continue;
      if (next === null || search.legs.km(previous, index) < search.legs.km(previous, next)) next = index;
    }
    if (next === null) return order;
    elapsed += search.legs.minutes(previous, next) + DWELL_MINUTES;
    used[next] = true;
    order.push(next);
  }
}

/**
 * 2-opt (reverse a stretch of the walk), moving one stop elsewhere in the walk, and inserting a left-out stall,
 * until none finds a better walk. Moving a stop mends what 2-opt alone leaves where greedy walks strand a stall.
 */
function improve(search: Search, start: Candidate): Candidate {
  let best = start;
  const tryOrder = (order: number[]) => {
    const candidate = evaluate(search, order);
    if (!candidate || !better(candidate, best)) return false;
    best = candidate;
    return true;
  };
  const reversals = () => {
    const order = best.order;
    for (let i = 0; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        if (tryOrder([...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)]))
          return true;
      }
    }
    return false;
  };
  const moves = () => {
    const order = best.order;
    for (let from = 0; from < order.length; from++) {
      const rest = [...order.slice(0, from), ...order.slice(from + 1)];
      for (let to = 0; to <= rest.length; to++) {
        if (to !== from && tryOrder([...rest.slice(0, to), order[from] as number, ...rest.slice(to)]))
          return true;
      }
    }
    return false;
  };
  const insertions = () => {
    const order = best.order;
    for (let index = 0; index < search.stalls.length; index++) {
      if (order.includes(index)) continue;
      for (let at = 0; at <= order.length; at++) {
        if (tryOrder([...order.slice(0, at), index, ...order.slice(at)])) return true;
      }
    }
    return false;
  };
  while (insertions() || reversals() || moves()) {
    // Each pass takes the first improvement found and starts again from the better walk.
  }
  return best;
}

function heuristicOrder(search: Search): number[] {
  // A greedy walk from each stall as the first stop (12 greedy walks cost little), each improved; the best wins.
  let best: Candidate | null = null;
  for (let first = 0; first < search.stalls.length; first++) {
    const arrival = search.start + search.legs.minutes(FROM, first) * MINUTE_MS;
    if (!search.acceptable(first, arrival)) continue;
    const greedy = evaluate(search, nearestNeighbour(search, first));
    if (!greedy) continue;
    const candidate = improve(search, greedy);
    if (!best || better(candidate, best)) best = candidate;
  }
  return best?.order ?? [];
}

function stopsInOrder<T extends TrailStall>(
  stalls: readonly T[],
  order: readonly number[],
  legs: Legs,
  options: PlanOptions,
  stateAt: (index: number, at: number) => OpenState,
): Omit<TrailPlan<T>, "dropped"> {
  const stops: PlannedStop<T>[] = [];
  let km = 0;
  let elapsed = 0;
  let previous = FROM;
  for (const index of order) {
    const legKm = previous === FROM && !options.from ? null : legs.km(previous, index);
    const legMinutes = legKm === null ? null : legs.minutes(previous, index);
    km += legKm ?? 0;
    elapsed += legMinutes ?? 0;
    const arrivesAt = options.start.getTime() + elapsed * MINUTE_MS;
    stops.push({
      stall: stalls[index] as T,
      legKm,
      legMinutes,
      arrivesAt: new Date(arrivesAt),
      openOnArrival: stateAt(index, arrivesAt),
    });
    elapsed += DWELL_MINUTES;
    previous = index;
  }
  return { stops, walkingKm: km, totalMinutes: elapsed };
}

/** The stops in the order given, with their arrival times and states on arrival; nothing is left out. */
export function planInOrder<T extends TrailStall>(stalls: readonly T[], options: PlanOptions): TrailPlan<T> {
  const legs = legTables(stalls, options.from);
  const plan = stopsInOrder(
    stalls,
    stalls.map((_, index) => index),
    legs,
    options,
    (index, at) =>
      openChange((stalls[index] as T).schedule, (stalls[index] as T).timeZone, new Date(at)).state,
  );
  return { ...plan, dropped: [] };
}

/**
 * The best walk through the stalls: as many stops as can be open (or, with allowMaybe, maybe open) on arrival,
 * then the shortest walk to the metre, then the fewest courses out of order (savoury, sweet, drink). Exact up to
 * EXACT_MAX_STOPS stalls, nearest neighbour then 2-opt beyond. Stalls no order reaches while open are in `dropped`.
 */
export function optimiseTrail<T extends TrailStall>(
  stalls: readonly T[],
  options: PlanOptions,
): TrailPlan<T> {
  const start = options.start.getTime();
  const timelines = stalls.map((stall) => openTimeline(stall, start));
  const wanted = (state: OpenState) => state === "open" || (state === "maybe" && options.allowMaybe === true);
  const legs = legTables(stalls, options.from);
  const search: Search = {
    stalls,
    legs,
    start,
    acceptable: (index, at) => wanted((timelines[index] as ReturnType<typeof openTimeline>).at(at)),
  };
  const order = stalls.length <= EXACT_MAX_STOPS ? exactOrder(search) : heuristicOrder(search);
  const plan = stopsInOrder(stalls, order, legs, options, (index, at) =>
    (timelines[index] as ReturnType<typeof openTimeline>).at(at),
  );
  const end = start + plan.totalMinutes * MINUTE_MS;
  const dropped = stalls
    .map((stall, index) => ({ stall, index }))
    .filter(({ index }) => !order.includes(index))
    .map(({ stall, index }) => ({
      stall,
      reason: (timelines[index] as ReturnType<typeof openTimeline>).someWithin(end, wanted)
        ? ("closes_before_arrival" as const)
        : ("not_open_on_arrival" as const),
    }));
  return { ...plan, dropped };
}
