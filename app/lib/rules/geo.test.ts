import { describe, expect, it } from "vitest";
import {
  distanceKm,
  GPS_FORMAT_ERROR,
  gridCell,
  gridCellOf,
  gridColumn,
  gridRow,
  parseGps,
} from "~/lib/rules/geo";

describe("distanceKm", () => {
  it("is zero for the same point", () => {
    expect(distanceKm({ lat: 12.97, lng: 77.59 }, { lat: 12.97, lng: 77.59 })).toBe(0);
  });

  it("measures Bangalore to Delhi by the great circle (about 1,740 km)", () => {
    const km = distanceKm({ lat: 12.9716, lng: 77.5946 }, { lat: 28.6139, lng: 77.209 });
    expect(km).toBeGreaterThan(1735);
    expect(km).toBeLessThan(1745);
  });

  it("uses an earth radius of 6371 km: one degree of latitude is 111.19 km", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
  });

  it("is symmetric", () => {
    const a = { lat: 28.6562, lng: 77.2301 };
    const b = { lat: 28.5677, lng: 77.2433 };
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 10);
  });
});

describe("gridCell", () => {
  it("puts nearby points of one row in consecutive cells", () => {
    const west = gridCell(12.9716, 77.5946);
    const east = gridCell(12.9716, 77.5961);
    expect(east - west).toBe(1);
  });

  it("agrees with row and column", () => {
    const lat = 28.6139;
    const lng = 77.209;
    expect(gridCell(lat, lng)).toBe(gridCellOf(gridRow(lat), gridColumn(lng)));
  });

  it("covers the whole globe without overflow", () => {
    expect(gridCell(-90, -180)).toBe(0);
    expect(Number.isSafeInteger(gridCell(90, 180))).toBe(true);
    expect(gridCell(90, 180)).toBeGreaterThan(gridCell(89.99, 179.99) - 1);
  });
});

describe("parseGps", () => {
  it("reads 'lat,lng' with or without parentheses and spaces", () => {
    expect(parseGps("12.9716,77.5946")).toEqual({ ok: true, position: { lat: 12.9716, lng: 77.5946 } });
    expect(parseGps("(28.6139, 77.209)")).toEqual({ ok: true, position: { lat: 28.6139, lng: 77.209 } });
  });

  it.each(["", "12.97", "12.97,77.59,3", "north,east", "(,)", "91,10", "10,181", "NaN,1", null, undefined])(
    "rejects %j with the spec's message",
    (text) => {
      expect(parseGps(text as string)).toEqual({ ok: false, error: GPS_FORMAT_ERROR });
    },
  );

  it("uses the exact error text of the spec", () => {
    expect(GPS_FORMAT_ERROR).toBe('Invalid GPS coordinates format. Expected: "(latitude,longitude)"');
  });
});
