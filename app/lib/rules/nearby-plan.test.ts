import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm, gridCell } from "~/lib/rules/geo";
import {
  boxCovers,
  boxReachKm,
  cellDiagonalKm,
  clampBox,
  inBox,
  MAX_BOX_DEGREES,
  nextRadius,
  PROBE_RADIUS_KM,
  pixelOffset,
  probeRadius,
  ROW_RANGES_MAX_KM,
  ringAreaKm2,
  ringRanges,
  viewBox,
} from "~/lib/rules/nearby-plan";

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

  it("reads a row straight across a hole that held nothing, and only such holes", () => {
    fc.assert(
      fc.property(center, fc.double({ min: 0.1, max: 4, noNaN: true }), fc.boolean(), (c, inner, empty) => {
        const outer = inner * 1.7;
        const asked: { from: number; to: number }[] = [];
        const merged = ringRanges(c, inner, outer, (hole) => {
          asked.push(hole);
          return empty;
        });
        const disc = ringRanges(c, -1, inner);
        // Every hole asked about lies in the disc already read.
        for (const hole of asked) expect(inRanges(hole.from, disc) && inRanges(hole.to, disc)).toBe(true);
        if (!empty) {
          expect(merged).toEqual(ringRanges(c, inner, outer));
          return;
        }
        // Merged: each range lies within one grid row of the full disc, at most one range per row, and
        // together they still cover the whole ring.
        const rows = ringRanges(c, -1, outer);
        const rowOf = (r: { from: number; to: number }) =>
          rows.findIndex((row) => r.from >= row.from && r.to <= row.to);
        const rowIndexes = merged.map(rowOf);
        expect(rowIndexes.every((i) => i >= 0)).toBe(true);
        expect(new Set(rowIndexes).size).toBe(merged.length);
        for (const r of ringRanges(c, inner, outer)) {
          expect(inRanges(r.from, merged) && inRanges(r.to, merged)).toBe(true);
        }
      }),
      { numRuns: 200 },
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

describe("ringAreaKm2", () => {
  it("is the area of the cells read: a little more than the disc, and additive over rings", () => {
    const c = { lat: 12.97, lng: 77.59 };
    const disc = ringAreaKm2(c, -1, 2);
    expect(disc).toBeGreaterThan(Math.PI * 4);
    expect(disc).toBeLessThan(Math.PI * (2 + cellDiagonalKm(c.lat)) ** 2);
    expect(ringAreaKm2(c, -1, 1) + ringAreaKm2(c, 1, 2)).toBeCloseTo(disc, 9);
  });
});

describe("probeRadius", () => {
  it("starts small, in proportion to the page, and past a cursor keeps the same area", () => {
    expect(probeRadius(0, 25, 5)).toBeCloseTo(PROBE_RADIUS_KM, 9);
    expect(probeRadius(0, 100, 5)).toBeCloseTo(PROBE_RADIUS_KM * 2, 9);
    expect(probeRadius(0, 25, 0.1)).toBe(0.1);
    const beyond = 2;
    const r = probeRadius(beyond, 25, 5);
    expect(Math.PI * (r * r - beyond * beyond)).toBeCloseTo(Math.PI * PROBE_RADIUS_KM ** 2, 9);
  });
});

describe("nextRadius", () => {
  const progress = { beyondKm: 0, wanted: 25 };

  it("aims at wanted + sqrt(wanted) stalls at the density seen", () => {
    // 50 stalls seen in 1 km² of cells: 30 stalls need 0.6 km², a radius of sqrt(0.6 / π).
    const r = nextRadius({ ...progress, coveredKm: 0.3, seen: 50, areaKm2: 1 }, 5);
    expect(r).toBeCloseTo(Math.sqrt(30 / 50 / Math.PI), 9);
  });

  it("with nothing seen, takes the density to be one stall in the area read", () => {
    const r = nextRadius({ ...progress, coveredKm: 0.3, seen: 0, areaKm2: 0.4 }, 50);
    expect(r).toBeCloseTo(Math.sqrt((30 * 0.4) / Math.PI), 9);
  });

  it("grows the area at least 1.44 and at most 64 times, and never passes the limit", () => {
    expect(nextRadius({ ...progress, coveredKm: 1, seen: 10_000, areaKm2: 4 }, 50)).toBeCloseTo(1.2, 9);
    expect(nextRadius({ ...progress, coveredKm: 1, seen: 1, areaKm2: 1_000 }, 50)).toBeCloseTo(8, 9);
    expect(nextRadius({ ...progress, coveredKm: 1, seen: 1, areaKm2: 1_000 }, 5)).toBe(5);
  });

  it("past a cursor, sizes the ring beyond the cursor's distance", () => {
    // 30 stalls at 50 a km² need 0.6 km² beyond 2 km.
    const r = nextRadius({ coveredKm: 2.02, beyondKm: 2, wanted: 25, seen: 50, areaKm2: 1 }, 5);
    expect(Math.PI * (r * r - 4)).toBeCloseTo(0.6, 9);
  });
});

describe("cellDiagonalKm", () => {
  it("is about 0.23 km for the 0.0015 degree grid in Bangalore", () => {
    expect(cellDiagonalKm(13)).toBeGreaterThan(0.2);
    expect(cellDiagonalKm(13)).toBeLessThan(0.26);
  });
});

describe("boxes", () => {
  const delhi = { west: 77.1, south: 28.55, east: 77.3, north: 28.65 };

  it("boxReachKm reaches every point of the box from any point", () => {
    fc.assert(
      fc.property(
        center,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, u, v) => {
          const point = {
            lat: delhi.south + u * (delhi.north - delhi.south),
            lng: delhi.west + v * (delhi.east - delhi.west),
          };
          expect(inBox(delhi, point)).toBe(true);
          expect(distanceKm(from, point)).toBeLessThanOrEqual(boxReachKm(delhi, from) + 1e-9);
        },
      ),
    );
  });

  it("clampBox keeps a small box and shrinks a large one around its middle", () => {
    expect(clampBox(delhi)).toEqual(delhi);
    const india = clampBox({ west: 68, south: 8, east: 97, north: 35 });
    expect(india.east - india.west).toBeCloseTo(MAX_BOX_DEGREES);
    expect(india.north - india.south).toBeCloseTo(MAX_BOX_DEGREES);
    expect((india.west + india.east) / 2).toBeCloseTo(82.5);
    expect((india.south + india.north) / 2).toBeCloseTo(21.5);
  });

  it("viewBox is the area Leaflet shows: 360 degrees across 256 px at zoom 0, halving each zoom", () => {
    const box = viewBox({ lat: 0, lng: 10 }, 13, 512, 512);
    expect(box.east - box.west).toBeCloseTo((512 / (256 * 2 ** 13)) * 360);
    expect((box.west + box.east) / 2).toBeCloseTo(10);
    // Mercator stretches latitude away from the equator: the same pixels hold fewer degrees in Delhi.
    const north = viewBox({ lat: 28.6, lng: 77.2 }, 13, 512, 512);
    expect(north.north - north.south).toBeLessThan(box.north - box.south);
    expect(inBox(north, { lat: 28.6, lng: 77.2 })).toBe(true);
  });

  it("pixelOffset puts a view box's corners at the map's corners, and the middle at 0, 0", () => {
    fc.assert(
      // From zoom 10 in, where a phone's view is well inside the widest box clampBox allows.
      fc.property(center, fc.integer({ min: 10, max: 18 }), (middle, zoom) => {
        const box = viewBox(middle, zoom, 390, 500);
        const northWest = pixelOffset(middle, { lat: box.north, lng: box.west }, zoom);
        const southEast = pixelOffset(middle, { lat: box.south, lng: box.east }, zoom);
        expect(northWest.x).toBeCloseTo(-195, 6);
        expect(northWest.y).toBeCloseTo(-250, 6);
        expect(southEast.x).toBeCloseTo(195, 6);
        expect(southEast.y).toBeCloseTo(250, 6);
        expect(pixelOffset(middle, middle, zoom)).toEqual({ x: 0, y: 0 });
      }),
    );
  });

  it("pixelOffset measures east and south as positive, 256 px per tile", () => {
    // One tile's width of longitude at zoom 2 is 90 degrees.
    expect(pixelOffset({ lat: 0, lng: 0 }, { lat: 0, lng: 90 }, 2)).toEqual({ x: 256, y: 0 });
    const south = pixelOffset({ lat: 28.6, lng: 77.2 }, { lat: 28.5, lng: 77.2 }, 13);
    expect(south.x).toBe(0);
    expect(south.y).toBeGreaterThan(0);
  });

  it("boxCovers says whether one box holds another", () => {
    expect(boxCovers(delhi, { west: 77.15, south: 28.6, east: 77.2, north: 28.62 })).toBe(true);
    expect(boxCovers(delhi, { ...delhi, east: 77.31 })).toBe(false);
    expect(boxCovers(delhi, delhi)).toBe(true);
  });
});
