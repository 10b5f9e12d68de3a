import { describe, expect, it } from "vitest";
import {
  normaliseGeocodeQuery,
  reverseCacheKey,
  roundCoordinate,
  searchCacheKey,
} from "~/lib/rules/geocoding";
import {
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  parseReversePayload,
  parseSearchPayload,
} from "~/lib/schemas/geocoding";

const place = (name: string, lat: unknown = "12.9716", lon: unknown = "77.5946") => ({
  place_id: 1,
  display_name: name,
  lat,
  lon,
  address: { city: "Bengaluru" },
});

describe("cache keys", () => {
  it("trims, collapses whitespace and lower-cases search queries", () => {
    expect(normaliseGeocodeQuery("  Connaught \t  PLACE\n Delhi ")).toBe("connaught place delhi");
    expect(searchCacheKey("Connaught Place")).toBe("geocode:search:connaught place");
    expect(searchCacheKey(" connaught   place ")).toBe(searchCacheKey("CONNAUGHT PLACE"));
  });

  it("treats composed and decomposed accents as one query", () => {
    expect(searchCacheKey("Cafe\u0301")).toBe(searchCacheKey("Café"));
  });

  it("rounds reverse coordinates to 5 decimals", () => {
    expect(reverseCacheKey(28.6139391, 77.2090212)).toBe("geocode:reverse:28.61394,77.20902");
    expect(reverseCacheKey(28.613941, 77.209021)).toBe(reverseCacheKey(28.6139391, 77.2090212));
    expect(reverseCacheKey(-33.8688, 151.2093)).toBe("geocode:reverse:-33.86880,151.20930");
    expect(reverseCacheKey(90, -180)).toBe("geocode:reverse:90.00000,-180.00000");
  });

  it("never writes negative zero", () => {
    expect(roundCoordinate(-0)).toBe("0.00000");
    expect(roundCoordinate(-0.000001)).toBe("0.00000");
  });
});

describe("parseSearchPayload", () => {
  it("reads display_name and turns Nominatim's string coordinates into numbers", () => {
    expect(parseSearchPayload([place("MG Road, Bengaluru")])).toEqual([
      { display_name: "MG Road, Bengaluru", lat: 12.9716, lon: 77.5946 },
    ]);
  });

  it("accepts numbers too (the cached form)", () => {
    expect(parseSearchPayload([{ display_name: "Sea", lat: -10.5, lon: 170 }])).toEqual([
      { display_name: "Sea", lat: -10.5, lon: 170 },
    ]);
  });

  it("keeps at most five, in order", () => {
    const many = Array.from({ length: 8 }, (_, i) => place(`Place ${i}`));
    expect(parseSearchPayload(many)?.map((p) => p.display_name)).toEqual([
      "Place 0",
      "Place 1",
      "Place 2",
      "Place 3",
      "Place 4",
    ]);
  });

  it("leaves out entries without a name or usable coordinates", () => {
    const payload = [
      { display_name: "No latitude", lon: "77.5" },
      place("Garbage latitude", "north"),
      place("Empty longitude", "12.9", ""),
      place("Hex", "0x1f"),
      place("Off the planet", "91"),
      place("Infinite", "Infinity"),
      place(""),
      { lat: "1", lon: "2" },
      null,
      "Delhi",
      place("Kept"),
    ];
    expect(parseSearchPayload(payload)).toEqual([{ display_name: "Kept", lat: 12.9716, lon: 77.5946 }]);
  });

  it("fills five from the valid entries when some are broken", () => {
    const payload = [place("Broken", "x"), ...Array.from({ length: 6 }, (_, i) => place(`P${i}`))];
    expect(parseSearchPayload(payload)).toHaveLength(5);
  });

  it("answers an empty list for no results, and null for anything that is not a list", () => {
    expect(parseSearchPayload([])).toEqual([]);
    expect(parseSearchPayload(null)).toBeNull();
    expect(parseSearchPayload({ error: "oops" })).toBeNull();
    expect(parseSearchPayload("<html>")).toBeNull();
  });
});

describe("parseReversePayload", () => {
  it("reads the address", () => {
    expect(parseReversePayload({ place_id: 1, display_name: "Chandni Chowk, Delhi", lat: "28.65" })).toEqual({
      found: true,
      display_name: "Chandni Chowk, Delhi",
    });
  });

  it("reads Nominatim's 'Unable to geocode' as no address", () => {
    expect(parseReversePayload({ error: "Unable to geocode" })).toEqual({ found: false });
  });

  it("rejects anything else", () => {
    expect(parseReversePayload(null)).toBeNull();
    expect(parseReversePayload([])).toBeNull();
    expect(parseReversePayload({ display_name: "" })).toBeNull();
    expect(parseReversePayload({ display_name: 42 })).toBeNull();
    expect(parseReversePayload("Delhi")).toBeNull();
  });
});

describe("query schemas", () => {
  it("trims q and bounds it to 1..200 characters", () => {
    expect(geocodeSearchQuerySchema.parse({ q: "  Lajpat Nagar " })).toEqual({ q: "Lajpat Nagar" });
    expect(geocodeSearchQuerySchema.safeParse({ q: "   " }).success).toBe(false);
    expect(geocodeSearchQuerySchema.safeParse({}).success).toBe(false);
    expect(geocodeSearchQuerySchema.safeParse({ q: "a".repeat(200) }).success).toBe(true);
    expect(geocodeSearchQuerySchema.safeParse({ q: "a".repeat(201) }).success).toBe(false);
  });

  it("reads lat and lon as numbers within range", () => {
    expect(geocodeReverseQuerySchema.parse({ lat: "28.6139", lon: "-77.209" })).toEqual({
      lat: 28.6139,
      lon: -77.209,
    });
    expect(geocodeReverseQuerySchema.parse({ lat: "-90", lon: "180" })).toEqual({ lat: -90, lon: 180 });
  });

  it.each([
    [{ lat: "91", lon: "0" }, "lat"],
    [{ lat: "0", lon: "-180.5" }, "lon"],
    [{ lat: "abc", lon: "0" }, "lat"],
    [{ lat: "", lon: "0" }, "lat"],
    [{ lat: "0", lon: "1e2" }, "lon"],
    [{ lat: "0", lon: "Infinity" }, "lon"],
    [{ lon: "0" }, "lat"],
    [{ lat: "0" }, "lon"],
  ])("rejects %j naming %s", (input, field) => {
    const result = geocodeReverseQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
