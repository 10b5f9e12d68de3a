import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm, gridCell } from "./geo";
import { cellDiagonalKm, nextRadius, ROW_RANGES_MAX_KM, ringRanges } from "./nearby-plan";

const inRanges = (cell: number, ranges: { from: number; to: number }[]) =>
  ranges.some((r) => cell >= r.from && cell <= r.to);

// Points in the cities Nukkad serves, and around them.
const center = fc.record({
  lat: fc.double({ min: 8, max: 35, noNaN: true }),
  lng: fc.double({ min: 68, max: 97, noNaN: true }),
});

describe("ringRanges", () => {
  it("covers the cell of every point within the radius", () => {
    fc.assert(
      fc.property(
        center,
        fc.double({ min: 0.05, max: ROW_RANGES_MAX_KM, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (c, radius, angle, fraction) => {
          const reach = (radius * fraction) / 111.32;
          const point = {
            lat: c.lat + reach * Math.sin(angle),
            lng: c.lng + (reach * Math.cos(angle)) / Math.cos((c.lat * Math.PI) / 180),
          };
          fc.pre(distanceKm(c, point) <= radius);
          expect(inRanges(gridCell(point.lat, point.lng), ringRanges(c, -1, radius))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("splits into rings that never read a cell twice and together cover the disc", () => {
    fc.assert(
      fc.property(center, fc.double({ min: 0.1, max: 4, noNaN: true }), (c, inner) => {
        const outer = inner * 1.7;
        const ring = ringRanges(c, inner, outer);
        const disc = ringRanges(c, -1, inner);
        const all = ringRanges(c, -1, outer);
        const cells = (ranges: { from: number; to: number }[]) =>
          ranges.reduce((n, r) => n + (r.to - r.from + 1), 0);
        for (const r of ring) {
          expect(inRanges(r.from, disc) || inRanges(r.to, disc)).toBe(false);
        }
        expect(cells(ring) + cells(disc)).toBe(cells(all));
      }),
      { numRuns: 300 },
    );
  });

  it("reads one band of whole grid rows past the row-range limit", () => {
    const ranges = ringRanges({ lat: 12.97, lng: 77.59 }, -1, ROW_RANGES_MAX_KM + 1);
    expect(ranges).toHaveLength(1);
    expect(inRanges(gridCell(12.97, 60), ranges)).toBe(true);
  });

  it("is empty for a negative radius", () => {
    expect(ringRanges({ lat: 12.97, lng: 77.59 }, -1, -1)).toEqual([]);
  });
});

describe("nextRadius", () => {
  it("starts small, doubles while nothing is found, and never passes the limit", () => {
    expect(nextRadius(0, 0, 25, 5)).toBe(0.5);
    expect(nextRadius(1, 0, 25, 5)).toBe(2);
    expect(nextRadius(4, 0, 25, 5)).toBe(5);
  });

  it("predicts from the density seen so far, with a small margin", () => {
    // 5 found within 1 km; 25 wanted: sqrt(5) km, plus 5%.
    expect(nextRadius(1, 5, 25, 50)).toBeCloseTo(Math.sqrt(5) * 1.05, 6);
    // Never grows by less than 20% or more than 4 times in one step.
    expect(nextRadius(1, 24, 25, 50)).toBeCloseTo(1.2, 6);
    expect(nextRadius(1, 1, 1000, 50)).toBe(4);
  });
});

describe("cellDiagonalKm", () => {
  it("is about 0.3 km for the 0.002 degree grid in India", () => {
    expect(cellDiagonalKm(13)).toBeGreaterThan(0.25);
    expect(cellDiagonalKm(13)).toBeLessThan(0.35);
  });
});
