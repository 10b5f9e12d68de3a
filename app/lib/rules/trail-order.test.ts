import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, type LatLng } from "~/lib/rules/geo";
import type { OpenState } from "~/lib/rules/open-status";
import type { DaySchedule, WeeklySchedule } from "~/lib/rules/schedule";
import {
  type Course,
  courseOf,
  EXACT_MAX_STOPS,
  optimiseTrail,
  type PlanOptions,
  planInOrder,
  type TrailPlan,
  type TrailStall,
} from "~/lib/rules/trail-order";
import { ist } from "../../../tests/open-hours";

const MINUTE_MS = 60 * 1000;
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const everyDay = (day: DaySchedule): WeeklySchedule => Object.fromEntries(DAYS.map((d) => [d, day]));
const ALWAYS = everyDay({ status: "open", open: "00:00", close: "00:00" });

const VV_PURAM = { lat: 12.9495, lng: 77.5736 };
/** A point `km` of straight line east of `origin` (along its parallel; exact enough for a few km). */
const east = (origin: LatLng, km: number): LatLng => ({
  lat: origin.lat,
  lng: origin.lng + (km / (EARTH_RADIUS_KM * Math.cos((origin.lat * Math.PI) / 180))) * (180 / Math.PI),
});
/** Straight-line km that walk in `minutes` (a little under, so rounding up lands on `minutes`). */
const kmFor = (minutes: number) => ((minutes - 0.5) / 60) * (5 / 1.25);

let serial = 0;
const stall = (
  position: LatLng,
  course: Course = "savoury",
  schedule: WeeklySchedule | null = ALWAYS,
  timeZone = "Asia/Kolkata",
): TrailStall => ({ id: `s${++serial}`, position, schedule, timeZone, course });

const ids = (plan: TrailPlan<TrailStall>) => plan.stops.map((stop) => stop.stall.id);
const reasons = (plan: TrailPlan<TrailStall>) =>
  Object.fromEntries(plan.dropped.map((dropped) => [dropped.stall.id, dropped.reason]));

describe("courseOf", () => {
  it("reads the seed's categories", () => {
    const courses = Object.fromEntries(
      [
        "Chaat",
        "South Indian",
        "Tibetan",
        "Biryani",
        "Kebabs and Rolls",
        "Tea and Snacks",
        "North Indian",
        "Desserts",
        "Drinks",
        "Snacks",
        "Late Night",
        "Fusion",
      ].map((category) => [category, courseOf(category, [])]),
    );
    expect(courses).toEqual({
      Chaat: "savoury",
      "South Indian": "savoury",
      Tibetan: "savoury",
      Biryani: "savoury",
      "Kebabs and Rolls": "savoury",
      "Tea and Snacks": "drink",
      "North Indian": "savoury",
      Desserts: "sweet",
      Drinks: "drink",
      Snacks: "savoury",
      "Late Night": "savoury",
      Fusion: "savoury",
    });
  });

  it("lets the category decide over the tags", () => {
    expect(courseOf("South Indian", ["Breakfast", "Coffee"])).toBe("savoury");
    expect(courseOf("Chaat", ["Dessert"])).toBe("savoury");
    expect(courseOf("Sweets and Snacks", [])).toBe("sweet");
    expect(courseOf("Lassi", ["Snacks"])).toBe("drink");
    expect(courseOf("Beverages", [])).toBe("drink");
  });

  it("falls back on the first tag naming a kind of food, in whole words of either script", () => {
    expect(courseOf(null, ["Cheap", "Dessert", "Drinks"])).toBe("sweet");
    expect(courseOf("", ["Cheap", "Drinks", "Snacks"])).toBe("drink");
    expect(courseOf("  ", ["Spicy", "Snacks", "Dessert"])).toBe("savoury");
    expect(courseOf(null, ["Steamed", "Kulfi"])).toBe("sweet");
    expect(courseOf(null, ["सस्ता", "चाय"])).toBe("drink");
    expect(courseOf(null, ["Cheap", "Spicy"])).toBe("savoury");
    expect(courseOf(null, [])).toBe("savoury");
  });
});

describe("planInOrder", () => {
  it("keeps the given order and every stall, with legs, arrivals and states on arrival", () => {
    const closed = everyDay({ status: "closed" });
    const a = stall(east(VV_PURAM, kmFor(10)));
    const b = stall(east(VV_PURAM, kmFor(10) + kmFor(15)), "savoury", closed);
    const plan = planInOrder([a, b], { start: ist(0, "18:00"), from: VV_PURAM });
    expect(ids(plan)).toEqual([a.id, b.id]);
    expect(plan.dropped).toEqual([]);
    expect(plan.stops.map((stop) => stop.legMinutes)).toEqual([10, 15]);
    expect(plan.stops.map((stop) => stop.arrivesAt)).toEqual([ist(0, "18:10"), ist(0, "18:45")]);
    expect(plan.stops.map((stop) => stop.openOnArrival)).toEqual(["open", "closed"]);
    expect(plan.totalMinutes).toBe(10 + 15 + 2 * 20);
    expect(plan.walkingKm).toBeCloseTo((kmFor(10) + kmFor(15)) * 1.25, 6);
  });

  it("starts at the first stop when the walker's position is unknown", () => {
    const a = stall(VV_PURAM);
    const b = stall(east(VV_PURAM, kmFor(5)));
    const plan = planInOrder([a, b], { start: ist(0, "18:00"), from: null });
    expect(plan.stops[0]).toMatchObject({ legKm: null, legMinutes: null, arrivesAt: ist(0, "18:00") });
    expect(plan.stops[1]?.arrivesAt).toEqual(ist(0, "18:25"));
    expect(plan.totalMinutes).toBe(5 + 40);
  });

  it("plans nothing for no stalls", () => {
    expect(planInOrder([], { start: ist(0, "18:00"), from: VV_PURAM })).toEqual({
      stops: [],
      dropped: [],
      walkingKm: 0,
      totalMinutes: 0,
    });
  });
});

describe("optimiseTrail: open on arrival", () => {
  it("keeps a 19:00-02:00 stall reached at 01:30, after midnight, and drops one that closed at 01:00", () => {
    // Saturday 01:00 IST is still Friday night's range; both carts are 30 minutes' walk away.
    const there = east(VV_PURAM, kmFor(30));
    const lateCart = stall(there, "savoury", everyDay({ status: "open", open: "19:00", close: "02:00" }));
    const earlier = stall(there, "savoury", everyDay({ status: "open", open: "19:00", close: "01:00" }));
    const plan = optimiseTrail([earlier, lateCart], { start: ist(5, "01:00"), from: VV_PURAM });
    expect(ids(plan)).toEqual([lateCart.id]);
    expect(plan.stops[0]).toMatchObject({ arrivesAt: ist(5, "01:30"), openOnArrival: "open" });
    expect(reasons(plan)).toEqual({ [earlier.id]: "closes_before_arrival" });
  });

  it("reads each stall's hours on its own clock: India has no DST, London's clocks go forward", () => {
    const evening = everyDay({ status: "open", open: "18:00", close: "22:00" });
    const inKolkata = stall(VV_PURAM, "savoury", evening, "Asia/Kolkata");
    const inLondon = stall(east(VV_PURAM, 0.1), "savoury", evening, "Europe/London");
    // 18:30 IST is 13:00 in London (GMT in November): the London stall opens after the walk is over.
    const plan = optimiseTrail([inKolkata, inLondon], { start: ist(0, "18:30"), from: null });
    expect(ids(plan)).toEqual([inKolkata.id]);
    expect(reasons(plan)).toEqual({ [inLondon.id]: "not_open_on_arrival" });

    // London: 29 March 2026, 01:00 GMT becomes 02:00 BST. A stall open 02:00-03:00 is open 40 real minutes after
    // 00:30 GMT, at 02:10 on the clock; read as GMT it would still be 01:10 and shut.
    const nightOnly = stall(
      east(VV_PURAM, kmFor(40)),
      "savoury",
      everyDay({ status: "open", open: "02:00", close: "03:00" }),
      "Europe/London",
    );
    const start = new Date(Date.UTC(2026, 2, 29, 0, 30));
    const london = optimiseTrail([nightOnly], { start, from: VV_PURAM });
    expect(london.stops.map((stop) => stop.openOnArrival)).toEqual(["open"]);
    expect(london.stops[0]?.arrivesAt).toEqual(new Date(start.getTime() + 40 * MINUTE_MS));
  });

  it("says why a stall is left out", () => {
    const start = ist(0, "18:00");
    const near = stall(east(VV_PURAM, kmFor(5)));
    // Open at the start but shut at 18:10, 25 minutes' walk away.
    const shutting = stall(
      east(VV_PURAM, kmFor(25)),
      "savoury",
      everyDay({ status: "open", open: "10:00", close: "18:10" }),
    );
    const closedToday = stall(VV_PURAM, "savoury", { ...ALWAYS, monday: { status: "closed" } });
    // The walk is over by 19:00; this one opens at 21:00.
    const later = stall(VV_PURAM, "savoury", everyDay({ status: "open", open: "21:00", close: "23:00" }));
    const plan = optimiseTrail([near, shutting, closedToday, later], { start, from: VV_PURAM });
    expect(ids(plan)).toEqual([near.id]);
    expect(reasons(plan)).toEqual({
      [shutting.id]: "closes_before_arrival",
      [closedToday.id]: "not_open_on_arrival",
      [later.id]: "not_open_on_arrival",
    });
  });

  it("visits a stall that opens during the walk later, rather than dropping it", () => {
    const opensSoon = stall(VV_PURAM, "savoury", everyDay({ status: "open", open: "18:15", close: "23:00" }));
    const farther = stall(east(VV_PURAM, kmFor(3)));
    const plan = optimiseTrail([opensSoon, farther], { start: ist(0, "18:00"), from: VV_PURAM });
    expect(ids(plan)).toEqual([farther.id, opensSoon.id]);
    expect(plan.dropped).toEqual([]);
  });

  it("counts a 'maybe' day only when the walker allows it", () => {
    const maybe = stall(VV_PURAM, "savoury", everyDay({ status: "maybe", open: "10:00", close: "22:00" }));
    const sure = stall(east(VV_PURAM, kmFor(5)));
    const start = ist(0, "18:00");
    expect(reasons(optimiseTrail([maybe, sure], { start, from: VV_PURAM }))).toEqual({
      [maybe.id]: "not_open_on_arrival",
    });
    const allowed = optimiseTrail([maybe, sure], { start, from: VV_PURAM, allowMaybe: true });
    expect(allowed.stops.map((stop) => [stop.stall.id, stop.openOnArrival])).toEqual([
      [maybe.id, "maybe"],
      [sure.id, "open"],
    ]);
  });

  it("treats a stall with no hours as never open", () => {
    const unknown = stall(VV_PURAM, "savoury", null);
    expect(reasons(optimiseTrail([unknown], { start: ist(0, "18:00"), from: null }))).toEqual({
      [unknown.id]: "not_open_on_arrival",
    });
  });
});

describe("optimiseTrail: course order breaks ties", () => {
  const drink = () => stall(VV_PURAM, "drink");
  const sweet = () => stall(east(VV_PURAM, 0.3), "sweet");
  const savoury = () => stall(east(VV_PURAM, 0.6), "savoury");

  it("walks a line in the direction that eats savoury first and drinks last", () => {
    const [a, b, c] = [drink(), sweet(), savoury()];
    expect(ids(optimiseTrail([a, b, c], { start: ist(0, "18:00"), from: null }))).toEqual([c.id, b.id, a.id]);
  });

  it("never walks a metre further for it", () => {
    const [a, b, c] = [drink(), sweet(), savoury()];
    const plan = optimiseTrail([c, b, a], { start: ist(0, "18:00"), from: east(VV_PURAM, -0.1) });
    expect(ids(plan)).toEqual([a.id, b.id, c.id]);
  });

  it("orders stalls at one spot by course", () => {
    const here = [stall(VV_PURAM, "drink"), stall(VV_PURAM, "sweet"), stall(VV_PURAM, "savoury")];
    const plan = optimiseTrail(here, { start: ist(0, "18:00"), from: null });
    expect(plan.stops.map((stop) => stop.stall.course)).toEqual(["savoury", "sweet", "drink"]);
  });
});

// ---- Against brute force -------------------------------------------------------------------------------------

const wanted = (state: OpenState, allowMaybe: boolean) =>
  state === "open" || (allowMaybe && state === "maybe");

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length === 0) return [[]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const subset of all.slice()) all.push([...subset, item]);
  return all;
}

const RANK: Record<Course, number> = { savoury: 0, sweet: 1, drink: 2 };
const inversions = (courses: Course[]) =>
  courses.reduce(
    (n, course, i) => n + courses.slice(i + 1).filter((later) => RANK[later] < RANK[course]).length,
    0,
  );

/** (stops kept, metres walked, course inversions) of the best order found by trying every order of every subset. */
function bruteForceBest(stalls: readonly TrailStall[], options: PlanOptions): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (const subset of subsets(stalls)) {
    for (const order of permutations(subset)) {
      const plan = planInOrder(order, options);
      if (!plan.stops.every((stop) => wanted(stop.openOnArrival, options.allowMaybe === true))) continue;
      const key: [number, number, number] = [
        order.length,
        Math.round(plan.walkingKm * 1000),
        inversions(order.map((s) => s.course)),
      ];
      if (
        key[0] > best[0] ||
        (key[0] === best[0] && (key[1] < best[1] || (key[1] === best[1] && key[2] < best[2])))
      )
        best = key;
    }
  }
  return best;
}

const daySchedule: fc.Arbitrary<DaySchedule> = fc.oneof(
  fc.constant({ status: "closed" as const }),
  fc.record({
    status: fc.constantFrom("open" as const, "maybe" as const),
    open: fc
      .integer({ min: 0, max: 23 * 4 })
      .map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`),
    close: fc
      .integer({ min: 0, max: 23 * 4 })
      .map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`),
  }),
);
const schedule: fc.Arbitrary<WeeklySchedule | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(ALWAYS) },
  { weight: 4, arbitrary: daySchedule.map(everyDay) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(...DAYS.map(() => daySchedule))
      .map((days) => Object.fromEntries(DAYS.map((d, i) => [d, days[i]]))),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);
// Stalls within about 2 km of each other, some at the very same spot.
const position = fc.record({
  lat: fc.integer({ min: 0, max: 40 }).map((n) => 12.94 + n * 0.0005),
  lng: fc.integer({ min: 0, max: 40 }).map((n) => 77.56 + n * 0.0005),
});
const trailStall = fc.record({
  position,
  schedule,
  course: fc.constantFrom<Course>("savoury", "sweet", "drink"),
  timeZone: fc.constantFrom("Asia/Kolkata", "Asia/Kathmandu"),
});
const planOptions = fc.record({
  start: fc
    .integer({ min: 0, max: 7 * 24 * 4 - 1 })
    .map((q) => new Date(ist(0, "00:00").getTime() + q * 15 * MINUTE_MS)),
  from: fc.option(position, { nil: null }),
  allowMaybe: fc.boolean(),
});
const withIds = (stalls: Omit<TrailStall, "id">[]) => stalls.map((s, i) => ({ ...s, id: `t${i}` }));

/** Every stall is either a stop, open (or allowed maybe) on arrival, or dropped: none lost, none kept shut. */
function expectAccountedFor(stalls: readonly TrailStall[], plan: TrailPlan<TrailStall>, allowMaybe: boolean) {
  expect([...ids(plan), ...plan.dropped.map((d) => d.stall.id)].sort()).toEqual(
    stalls.map((s) => s.id).sort(),
  );
  for (const stop of plan.stops) expect(wanted(stop.openOnArrival, allowMaybe)).toBe(true);
}

describe("optimiseTrail against brute force", () => {
  it(`finds the best order of up to ${EXACT_MAX_STOPS} stalls (checked up to 6 here)`, () => {
    fc.assert(
      fc.property(fc.array(trailStall, { minLength: 1, maxLength: 6 }), planOptions, (generated, options) => {
        const stalls = withIds(generated);
        const plan = optimiseTrail(stalls, options);
        expectAccountedFor(stalls, plan, options.allowMaybe);
        // The plan's own figures are what planInOrder says of its order.
        const again = planInOrder(
          plan.stops.map((stop) => stop.stall),
          options,
        );
        expect(again.walkingKm).toBeCloseTo(plan.walkingKm, 9);
        expect(again.totalMinutes).toBe(plan.totalMinutes);
        expect(again.stops.map((s) => s.openOnArrival)).toEqual(plan.stops.map((s) => s.openOnArrival));
        expect([
          plan.stops.length,
          Math.round(plan.walkingKm * 1000),
          inversions(plan.stops.map((s) => s.stall.course)),
        ]).toEqual(bruteForceBest(stalls, options));
      }),
      { numRuns: 150 },
    );
  });

  it("beyond 8 stalls keeps every stall that fits and none that is shut", () => {
    fc.assert(
      fc.property(
        fc.array(trailStall, { minLength: 9, maxLength: 12 }),
        planOptions,
        (generated, options) => {
          const stalls = withIds(generated);
          expectAccountedFor(stalls, optimiseTrail(stalls, options), options.allowMaybe);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("beyond 8 stalls finds the straight walk along a street", () => {
    const street = Array.from({ length: 12 }, (_, i) => stall(east(VV_PURAM, i * 0.2)));
    const shuffled = [5, 0, 11, 3, 8, 1, 10, 6, 2, 9, 4, 7].map((i) => street[i] as TrailStall);
    const plan = optimiseTrail(shuffled, { start: ist(0, "12:00"), from: east(VV_PURAM, -0.5) });
    expect(ids(plan)).toEqual(street.map((s) => s.id));
    expect(plan.walkingKm).toBeCloseTo((0.5 + 11 * 0.2) * 1.25, 3);
  });
});
