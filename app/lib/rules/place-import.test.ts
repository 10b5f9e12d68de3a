import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";
import { NOT_A_PLACE_FILE, placeIsStall, readPlaceFile, TOO_MANY_PLACES } from "./place-import";

describe("readPlaceFile", () => {
  it("reads the Takeout shape the Data Portability schema documents (location.name, [lng, lat], 0,0 unknown)", () => {
    const file = readPlaceFile(
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [77.5713, 12.9452] },
            properties: {
              date: "2024-05-01T10:00:00Z",
              google_maps_url: "http://maps.google.com/?cid=1",
              location: { name: "Vidyarthi Bhavan", address: "Gandhi Bazaar, Bengaluru", country_code: "IN" },
            },
          },
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [0, 0] },
            properties: { location: { name: "Somewhere Unknown" } },
          },
          { type: "Feature", geometry: { type: "Point", coordinates: [77, 12] }, properties: {} },
        ],
      }),
    );
    expect(file).toEqual({
      ok: true,
      source: "takeout-geojson",
      places: [
        {
          name: "Vidyarthi Bhavan",
          address: "Gandhi Bazaar, Bengaluru",
          position: { lat: 12.9452, lng: 77.5713 },
        },
        { name: "Somewhere Unknown", address: null, position: null },
      ],
    });
  });

  it("refuses other files and more than 5,000 places", () => {
    for (const text of ["", "{}", "[1,2]", "{broken", "name,address\nA,B"])
      expect(readPlaceFile(text)).toEqual({ ok: false, error: NOT_A_PLACE_FILE });
    const many = {
      type: "FeatureCollection",
      features: Array.from({ length: 5001 }, () => ({ properties: { Title: "x" } })),
    };
    expect(readPlaceFile(JSON.stringify(many))).toEqual({ ok: false, error: TOO_MANY_PLACES });
  });
});

describe("placeIsStall", () => {
  it("matches spelling variants, generic words and Devanagari, and tells two stalls of one dish apart", () => {
    expect(placeIsStall("Sharma Ji Chaat Bhandar", "Sharma Chat Corner")).toBe(true);
    expect(placeIsStall("Raju Momos", "Raju Momo Centre")).toBe(true);
    expect(placeIsStall("शर्मा चाट", "Sharma Chaat")).toBe(true);
    expect(placeIsStall("Gupta Chaat", "Sharma Chaat")).toBe(false);
    expect(placeIsStall("Chaat Corner", "Dosa Corner")).toBe(false);
  });
});

describe("CSV", () => {
  it("reads back what it writes: commas, quotes and line breaks inside fields, empty values", () => {
    const rows = [
      ["a, b", 'say "hi"', "two\nlines"],
      [null, 4.5, ""],
    ] as const;
    const text = toCsv(["x", "y", "z"], rows);
    expect(text).toBe('x,y,z\r\n"a, b","say ""hi""","two\nlines"\r\n,4.5,\r\n');
    expect(parseCsv(text)).toEqual([
      ["x", "y", "z"],
      ["a, b", 'say "hi"', "two\nlines"],
      ["", "4.5", ""],
    ]);
    expect(parseCsv("\uFEFFTitle,URL\nA,b")).toEqual([
      ["Title", "URL"],
      ["A", "b"],
    ]);
  });
});
