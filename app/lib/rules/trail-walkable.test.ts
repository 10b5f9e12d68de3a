import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, type LatLng } from "~/lib/rules/geo";
import type { DaySchedule, WeeklySchedule } from "~/lib/rules/schedule";
import { planInOrder, type TrailStall } from "~/lib/rules/trail-order";
import {
  MAX_LEG_KM,
  MAX_TRAIL_WALK_KM,
  nextOpenStart,
  nextWalkStart,
  WALK_REACH_KM,
  walkableTrail,
  withinBounds,
} from "~/lib/rules/trail-walkable";
import { DETOUR_FACTOR } from "~/lib/rules/walking";
import { ist } from "../../../tests/open-hours";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const everyDay = (day: DaySchedule): WeeklySchedule => Object.fromEntries(DAYS.map((d) => [d, day]));
const ALWAYS = everyDay({ status: "open", open: "00:00", close: "00:00" });
const evenings = (open: string, close: string) => everyDay({ status: "open", open, close });

const INDIRANAGAR = { lat: 12.9719, lng: 77.6412 };
/** A point `km` of straight line east of the origin. */
const east = (km: number, origin: LatLng = INDIRANAGAR): LatLng => ({
  lat: origin.lat,
  lng: origin.lng + (km / (EARTH_RADIUS_KM * Math.cos((origin.lat * Math.PI) / 180))) * (180 / Math.PI),
});

let serial = 0;
const stall = (position: LatLng, schedule: WeeklySchedule | null = ALWAYS): TrailStall => ({
  id: `s${++serial}`,
  position,
  schedule,
  timeZone: "Asia/Kolkata",
  course: "savoury",
});
const options = { start: ist(1, "18:30"), from: INDIRANAGAR };
const legsBetween = (plan: ReturnType<typeof walkableTrail>["plan"]) =>
  plan.stops.slice(1).map((stop) => stop.legKm ?? 0);

describe("walkable trail bounds", () => {
  it("are a 2 km reach, 1.2 km legs and 2.5 km between the first stop and the last", () => {
    expect([WALK_REACH_KM, MAX_LEG_KM, MAX_TRAIL_WALK_KM]).toEqual([2, 1.2, 2.5]);
  });

  it("keeps a trail whose legs are all within the bounds as it is", () => {
    const stalls = [0.2, 0.6, 1, 1.4].map((km) => stall(east(km)));
    const { plan, trimmed } = walkableTrail(stalls, options);
    expect(plan.stops).toHaveLength(4);
    expect(trimmed).toEqual([]);
    expect(withinBounds(plan)).toBe(true);
  });

  it("leaves out a stall farther than a leg's bound from every other, rather than walk to it", () => {
    const near = [0.1, 0.3, 0.5].map((km) => stall(east(km)));
    const far = stall(east(0.5 + MAX_LEG_KM / DETOUR_FACTOR + 0.05));
    const { plan, trimmed } = walkableTrail([...near, far], options);
    expect(trimmed.map((s) => s.id)).toEqual([far.id]);
    expect(plan.stops.map((stop) => stop.stall.id).toSorted()).toEqual(near.map((s) => s.id).toSorted());
    expect(Math.max(...legsBetween(plan))).toBeLessThanOrEqual(MAX_LEG_KM);
  });

  it("keeps fewer stops when every leg is short but the whole walk is too long", () => {
    // Five stalls 0.9 km of street apart: each leg is allowed, four of them (3.6 km) are not.
    const step = 0.9 / DETOUR_FACTOR;
    const line = [0, 1, 2, 3, 4].map((i) => stall(east(0.1 + i * step)));
    const { plan, trimmed } = walkableTrail(line, options);
    expect(plan.stops).toHaveLength(3);
    expect(trimmed).toHaveLength(2);
    const between = legsBetween(plan).reduce((sum, km) => sum + km, 0);
    expect(between).toBeLessThanOrEqual(MAX_TRAIL_WALK_KM);
    // The stops kept are side by side, the walker's end first: the stalls taken out are the far end.
    expect(plan.stops.map((stop) => stop.stall.id)).toEqual(line.slice(0, 3).map((s) => s.id));
  });

  it("measures the legs between stops, not the walker's way to the first", () => {
    const leg = (km: number) => [stall(east(0.1)), stall(east(0.1 + km / DETOUR_FACTOR))];
    expect(withinBounds(planInOrder(leg(MAX_LEG_KM), options))).toBe(true);
    expect(withinBounds(planInOrder(leg(MAX_LEG_KM + 0.01), options))).toBe(false);
    expect(walkableTrail(leg(MAX_LEG_KM + 0.01), options).plan.stops).toHaveLength(1);
    const awayFromWalker = [stall(east(1.9)), stall(east(2))];
    expect(withinBounds(planInOrder(awayFromWalker, options))).toBe(true);
  });
});

describe("nextOpenStart", () => {
  const at0410 = ist(1, "04:10");

  it("finds the moment enough stalls are open, on the stalls' clock", () => {
    const stalls = [
      { schedule: evenings("16:00", "23:00"), timeZone: "Asia/Kolkata" },
      { schedule: evenings("11:00", "22:00"), timeZone: "Asia/Kolkata" },
      { schedule: evenings("19:00", "02:00"), timeZone: "Asia/Kolkata" },
    ];
    expect(nextOpenStart(stalls, at0410, 2)).toEqual(ist(1, "16:00"));
    expect(nextOpenStart(stalls, at0410, 3)).toEqual(ist(1, "19:00"));
    // Stalls of a zone other than the visitor's are read on their own clock.
    const london = [{ schedule: evenings("18:00", "22:00"), timeZone: "Europe/London" }];
    expect(nextOpenStart([...london, ...london], at0410, 2)).toEqual(new Date("2026-11-17T18:00:00Z"));
  });

  it("counts only stalls open together, and looks into the coming days", () => {
    const early = { schedule: evenings("06:00", "07:00"), timeZone: "Asia/Kolkata" };
    const later = { schedule: evenings("08:00", "09:00"), timeZone: "Asia/Kolkata" };
    expect(nextOpenStart([early, later], at0410, 2)).toBeNull();
    const mornings = { schedule: evenings("09:00", "12:00"), timeZone: "Asia/Kolkata" };
    const thursday = {
      schedule: {
        ...everyDay({ status: "closed" }),
        thursday: { status: "open", open: "10:00", close: "12:00" },
      },
      timeZone: "Asia/Kolkata",
    } as const;
    expect(nextOpenStart([mornings, thursday], at0410, 2)).toEqual(ist(3, "10:00"));
  });

  it("answers null for stalls that never open, or too few stalls, and counts maybe only when asked", () => {
    const never = { schedule: everyDay({ status: "closed" }), timeZone: "Asia/Kolkata" };
    const unknown = { schedule: null, timeZone: "Asia/Kolkata" };
    const maybe = {
      schedule: everyDay({ status: "maybe", open: "18:00", close: "22:00" }),
      timeZone: "Asia/Kolkata",
    };
    expect(nextOpenStart([never, unknown], at0410, 2)).toBeNull();
    expect(nextOpenStart([maybe, maybe], at0410, 2)).toBeNull();
    expect(nextOpenStart([maybe, maybe], at0410, 2, { allowMaybe: true })).toEqual(ist(1, "18:00"));
    expect(nextOpenStart([{ schedule: ALWAYS, timeZone: "Asia/Kolkata" }], at0410, 2)).toBeNull();
  });
});

describe("nextWalkStart", () => {
  const at0410 = ist(1, "04:10");
  const kolkata = (schedule: WeeklySchedule) => ({ schedule, timeZone: "Asia/Kolkata" });

  it("offers the walk asked for when it can start within a day, and a two-stop walk today before it tomorrow", () => {
    const noodles = kolkata(evenings("16:00", "23:00"));
    const lateNight = kolkata(evenings("19:00", "02:00"));
    expect(nextWalkStart([noodles, lateNight, kolkata(evenings("11:00", "22:00"))], at0410, 3)).toEqual(
      ist(1, "19:00"),
    );
    // Sandwiches only on Wednesday: the three together are tomorrow, two of them tonight.
    const wednesday = kolkata({
      ...everyDay({ status: "closed" }),
      wednesday: { status: "open", open: "11:00", close: "22:00" },
    });
    expect(nextWalkStart([noodles, lateNight, wednesday], at0410, 3)).toEqual(ist(1, "19:00"));
    expect(nextWalkStart([noodles, wednesday], at0410, 3)).toEqual(ist(2, "16:00"));
  });

  it("answers null when no two stalls are ever open together", () => {
    expect(nextWalkStart([kolkata(evenings("16:00", "23:00"))], at0410, 3)).toBeNull();
    expect(
      nextWalkStart([kolkata(evenings("06:00", "07:00")), kolkata(evenings("08:00", "09:00"))], at0410, 2),
    ).toBeNull();
  });
});
