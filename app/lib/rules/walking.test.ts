import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/rules/geo";
import {
  DETOUR_FACTOR,
  DWELL_MINUTES,
  minutesOnFoot,
  WALKING_KMH,
  walkingKm,
  walkingMinutes,
} from "~/lib/rules/walking";

describe("walking", () => {
  it("uses the issue's constants", () => {
    expect([DETOUR_FACTOR, WALKING_KMH, DWELL_MINUTES]).toEqual([1.25, 5, 20]);
  });

  it("stretches the straight line by the detour factor", () => {
    const chandniChowk = { lat: 28.6562, lng: 77.2301 };
    const jamaMasjid = { lat: 28.6507, lng: 77.2334 };
    expect(walkingKm(chandniChowk, jamaMasjid)).toBeCloseTo(distanceKm(chandniChowk, jamaMasjid) * 1.25, 12);
    expect(walkingKm(chandniChowk, chandniChowk)).toBe(0);
  });

  it("rounds minutes up, and whole minutes stay whole despite floating point", () => {
    expect(walkingMinutes(0)).toBe(0);
    expect(walkingMinutes(0.001)).toBe(1);
    expect(walkingMinutes(1.25)).toBe(15);
    expect(walkingMinutes(1.26)).toBe(16);
    expect(walkingMinutes(2.5)).toBe(30);
    expect(walkingMinutes(0.1 + 0.2)).toBe(4);
  });

  it("never says less time than the walk takes, nor a whole minute more", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), (km) => {
        const minutes = walkingMinutes(km);
        expect(Number.isInteger(minutes)).toBe(true);
        expect((minutes / 60) * WALKING_KMH).toBeGreaterThanOrEqual(km - 1e-9);
        expect(((minutes - 1) / 60) * WALKING_KMH).toBeLessThan(km);
      }),
    );
  });

  it("tells a card's reader the walk by the streets, at least a minute (search results use it)", () => {
    expect(minutesOnFoot(1)).toBe(15);
    expect(minutesOnFoot(2)).toBe(30);
    expect(minutesOnFoot(0.01)).toBe(1);
    expect(minutesOnFoot(0)).toBe(1);
  });
});
