import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGps } from "~/lib/rules/geo";
import {
  IMPORT_BAD_GEOJSON,
  IMPORT_BAD_GPX,
  IMPORT_TOO_LARGE,
  IMPORT_WRONG_TYPE,
  MAX_IMPORT_BYTES,
} from "~/lib/rules/map-import";
import {
  accuracyMetres,
  currentLocationError,
  gpsCoordinatesText,
  importFileProblem,
  pinsGeoJson,
  readImport,
} from "~/lib/rules/map-lab";
import { GPX } from "../../../tests/map-lab-gpx";

describe("readImport", () => {
  it("chooses the reader by the file's extension", () => {
    expect(readImport("ride.GPX", GPX).ok).toBe(true);
    expect(readImport("pins.geojson", '{"type":"Point","coordinates":[1,2]}').ok).toBe(true);
    expect(readImport("pins.json", '{"type":"Point","coordinates":[1,2]}').ok).toBe(true);
    expect(readImport("ride.json", GPX)).toEqual({ ok: false, error: IMPORT_BAD_GEOJSON });
    expect(readImport("ride.kml", GPX)).toEqual({ ok: false, error: IMPORT_WRONG_TYPE });
  });

  it("refuses text over the size limit", () => {
    expect(readImport("big.gpx", " ".repeat(MAX_IMPORT_BYTES + 1))).toEqual({
      ok: false,
      error: IMPORT_TOO_LARGE,
      values: { size: 2 },
    });
  });

  it("never throws, whatever the text", () => {
    const xmlish = fc.stringMatching(/^[<>/="' a-z0-9.&#;!?[\]-]{0,200}$/);
    const jsonish = fc.json({ maxDepth: 6 });
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), xmlish, jsonish),
        fc.constantFrom("a.gpx", "a.geojson"),
        (text, name) => {
          const outcome = readImport(name, text);
          expect(typeof outcome.ok).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never throws on GPX-shaped junk, and only draws coordinates in range", () => {
    const coordinate = fc.oneof(fc.double().map(String), fc.string({ maxLength: 6 }));
    const element = fc.record({
      tag: fc.constantFrom("wpt", "rtept", "trkpt", "rte", "trk", "trkseg", "name", "gpx"),
      lat: coordinate,
      lon: coordinate,
      close: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 30 }), (elements) => {
        const body = elements
          .map((e) => `<${e.tag} lat="${e.lat}" lon="${e.lon}"${e.close ? "/" : ""}>`)
          .join("");
        const outcome = readImport("a.gpx", `<gpx>${body}</gpx>`);
        if (!outcome.ok) return;
        for (const p of [...outcome.places.map((x) => x.position), ...outcome.paths.flatMap((x) => x.path)]) {
          expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("reads a 2 MB file of unclosed tags in well under a second (the scanner never backtracks)", () => {
    const junk = '<gpx a="1" b="2" '.repeat(MAX_IMPORT_BYTES / 20);
    const started = performance.now();
    expect(readImport("junk.gpx", junk)).toEqual({ ok: false, error: IMPORT_BAD_GPX });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("importFileProblem", () => {
  it("refuses other types and files over 2 MB before reading them", () => {
    expect(importFileProblem("ride.gpx", 1000)).toBeNull();
    expect(importFileProblem("places.kml", 1000)).toEqual({ error: IMPORT_WRONG_TYPE });
    expect(importFileProblem("noextension", 10)).toEqual({ error: IMPORT_WRONG_TYPE });
    expect(importFileProblem("ride.gpx", MAX_IMPORT_BYTES)).toBeNull();
    expect(importFileProblem("ride.gpx", MAX_IMPORT_BYTES + 1)).toEqual({
      error: IMPORT_TOO_LARGE,
      values: { size: 2 },
    });
  });
});
describe("pinsGeoJson", () => {
  it("writes [longitude, latitude] with six decimals, which the importer reads back", () => {
    const pins = [
      { label: "Dropped pin", position: { lat: 28.61391234567, lng: 77.2090987654 } },
      { label: 'Quote "and" slash \\', position: { lat: -0.0000001, lng: 0 } },
    ];
    const text = pinsGeoJson(pins);
    const parsed = JSON.parse(text);
    expect(parsed.type).toBe("FeatureCollection");
    expect(parsed.features[0].geometry).toEqual({ type: "Point", coordinates: [77.209099, 28.613912] });
    expect(parsed.features[1].properties.name).toBe('Quote "and" slash \\');
    expect(readImport("nukkad-pins.geojson", text)).toEqual({
      ok: true,
      places: [
        { name: "Dropped pin", position: { lat: 28.613912, lng: 77.209099 } },
        { name: 'Quote "and" slash \\', position: { lat: 0, lng: 0 } },
      ],
      paths: [],
    });
  });

  it("writes an empty collection for no pins", () => {
    expect(JSON.parse(pinsGeoJson([]))).toEqual({ type: "FeatureCollection", features: [] });
  });
});

describe("gpsCoordinatesText", () => {
  it("is the add-stall form's (latitude,longitude) text, six decimals, which parseGps reads", () => {
    expect(gpsCoordinatesText({ lat: 28.6139, lng: 77.209 })).toBe("(28.613900,77.209000)");
    expect(gpsCoordinatesText({ lat: -0.0000001, lng: -12.5 })).toBe("(0.000000,-12.500000)");
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const parsed = parseGps(gpsCoordinatesText({ lat, lng }));
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(Math.abs(parsed.position.lat - lat)).toBeLessThanOrEqual(5e-7);
          expect(Math.abs(parsed.position.lng - lng)).toBeLessThanOrEqual(5e-7);
        },
      ),
    );
  });
});

describe("current location", () => {
  it("has the spec's texts for each GeolocationPositionError code", () => {
    expect(currentLocationError({ code: 1 })).toBe("Location access denied by user");
    expect(currentLocationError({ code: 2 })).toBe("Location information unavailable");
    expect(currentLocationError({ code: 3 })).toBe("Location request timed out");
    expect(currentLocationError({ code: 9 })).toBe("Unable to retrieve location");
    expect(currentLocationError(new Error("boom"))).toBe("Unable to retrieve location");
  });

  it("rounds the accuracy to whole metres", () => {
    expect(accuracyMetres(24.5)).toBe(25);
    expect(accuracyMetres(1499.4)).toBe(1499);
    expect(accuracyMetres(Number.NaN)).toBe(0);
    expect(accuracyMetres(-3)).toBe(0);
  });
});
