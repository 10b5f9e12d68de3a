import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGps } from "~/lib/rules/geo";
import {
  accuracyMetres,
  currentLocationError,
  gpsCoordinatesText,
  IMPORT_BAD_GEOJSON,
  IMPORT_BAD_GPX,
  IMPORT_EMPTY,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_POINTS,
  IMPORT_WRONG_TYPE,
  importFileProblem,
  layerBounds,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_POINTS,
  pinsGeoJson,
  readGeoJson,
  readGpx,
  readImport,
} from "~/lib/rules/map-lab";

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a phone -->
<gpx version="1.1" creator="Test &amp; Co" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Not a place</name></metadata>
  <wpt lat="28.6562" lon="77.2301"><name>Chandni Chowk &amp; Paranthe Wali Gali</name></wpt>
  <wpt lat='28.5677' lon='77.2433'/>
  <rte><name>Walk</name><rtept lat="28.60" lon="77.20"/><rtept lat="28.61" lon="77.21"/></rte>
  <trk>
    <name><![CDATA[Morning <ride>]]></name>
    <trkseg>
      <trkpt lat="28.6139" lon="77.2090"><ele>216</ele><name>point names are not shown</name></trkpt>
      <trkpt lat="28.6140" lon="77.2095"/>
      <trkpt lat="28.6150" lon="77.2100"/>
    </trkseg>
    <trkseg><trkpt lat="28.7" lon="77.3"/></trkseg>
  </trk>
</gpx>`;

describe("readGpx", () => {
  it("reads waypoints, routes and each track segment, with their names", () => {
    const outcome = readGpx(GPX);
    expect(outcome).toEqual({
      ok: true,
      places: [
        { name: "Chandni Chowk & Paranthe Wali Gali", position: { lat: 28.6562, lng: 77.2301 } },
        { name: null, position: { lat: 28.5677, lng: 77.2433 } },
        // A one-point segment is a place.
        { name: "Morning <ride>", position: { lat: 28.7, lng: 77.3 } },
      ],
      paths: [
        {
          name: "Walk",
          closed: false,
          path: [
            { lat: 28.6, lng: 77.2 },
            { lat: 28.61, lng: 77.21 },
          ],
        },
        {
          name: "Morning <ride>",
          closed: false,
          path: [
            { lat: 28.6139, lng: 77.209 },
            { lat: 28.614, lng: 77.2095 },
            { lat: 28.615, lng: 77.21 },
          ],
        },
      ],
    });
  });

  it("reads namespaced elements", () => {
    const outcome = readGpx(
      '<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:wpt g:lat="1.5" g:lon="-2.5"><g:name>A</g:name></g:wpt></g:gpx>',
    );
    expect(outcome).toEqual({
      ok: true,
      places: [{ name: "A", position: { lat: 1.5, lng: -2.5 } }],
      paths: [],
    });
  });

  it.each([
    ["not XML at all", "hello"],
    ["another root element", '<kml><wpt lat="1" lon="2"/></kml>'],
    ["a truncated file", '<gpx><trk><trkseg><trkpt lat="1" lon="2"/>'],
    ["mismatched tags", '<gpx><wpt lat="1" lon="2"></trk></gpx>'],
    ["a latitude out of range", '<gpx><wpt lat="91" lon="2"/></gpx>'],
    ["a longitude that is not a number", '<gpx><wpt lat="1" lon="east"/></gpx>'],
    ["an exponent", '<gpx><wpt lat="1e1" lon="2"/></gpx>'],
    ["a missing coordinate", '<gpx><wpt lat="1"/></gpx>'],
    ["an unquoted attribute", "<gpx><wpt lat=1 lon=2/></gpx>"],
    ["an unclosed comment", "<gpx><!-- </gpx>"],
    ["two root elements", "<gpx></gpx><gpx></gpx>"],
  ])("refuses %s", (_, text) => {
    expect(readGpx(text)).toEqual({ ok: false, error: IMPORT_BAD_GPX });
  });

  it("says when a well-formed file holds nothing to draw", () => {
    expect(readGpx('<gpx version="1.1"><metadata><name>x</name></metadata></gpx>')).toEqual({
      ok: false,
      error: IMPORT_EMPTY,
    });
  });

  it("refuses more than the point limit", () => {
    const points = '<trkpt lat="1" lon="2"/>'.repeat(MAX_IMPORT_POINTS + 1);
    expect(readGpx(`<gpx><trk><trkseg>${points}</trkseg></trk></gpx>`)).toEqual({
      ok: false,
      error: IMPORT_TOO_MANY_POINTS,
      values: { count: MAX_IMPORT_POINTS },
    });
  });
});

describe("readGeoJson", () => {
  it("reads a FeatureCollection of every geometry type, [longitude, latitude]", () => {
    const outcome = readGeoJson(
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            properties: { name: "  Stall\n one " },
            geometry: { type: "Point", coordinates: [77.2, 28.6, 210] },
          },
          {
            type: "Feature",
            properties: null,
            geometry: { type: "MultiPoint", coordinates: [[77.1, 28.5]] },
          },
          {
            type: "Feature",
            properties: { title: "Road" },
            geometry: {
              type: "LineString",
              coordinates: [
                [77, 28],
                [77.1, 28.1],
              ],
            },
          },
          {
            type: "Feature",
            properties: {},
            geometry: {
              type: "Polygon",
              coordinates: [
                [
                  [77, 28],
                  [77.1, 28],
                  [77.1, 28.1],
                  [77, 28],
                ],
              ],
            },
          },
          { type: "Feature", properties: {}, geometry: null },
          {
            type: "Feature",
            properties: { name: 7 },
            geometry: {
              type: "GeometryCollection",
              geometries: [
                {
                  type: "MultiLineString",
                  coordinates: [
                    [
                      [1, 2],
                      [3, 4],
                    ],
                  ],
                },
              ],
            },
          },
        ],
      }),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.places).toEqual([
      { name: "Stall one", position: { lat: 28.6, lng: 77.2 } },
      { name: null, position: { lat: 28.5, lng: 77.1 } },
    ]);
    expect(outcome.paths.map((p) => [p.name, p.closed, p.path.length])).toEqual([
      ["Road", false, 2],
      [null, true, 4],
      [null, false, 2],
    ]);
    expect(outcome.paths[2]?.path[0]).toEqual({ lat: 2, lng: 1 });
  });

  it("reads a bare Feature or geometry", () => {
    expect(readGeoJson('{"type":"Point","coordinates":[77.2,28.6]}')).toMatchObject({
      ok: true,
      places: [{}],
    });
    expect(
      readGeoJson(
        '{"type":"Feature","properties":{"name":"x"},"geometry":{"type":"Point","coordinates":[1,2]}}',
      ),
    ).toMatchObject({ ok: true, places: [{ name: "x" }] });
  });

  it.each([
    ["broken JSON", "{"],
    ["a list", "[]"],
    ["an unknown type", '{"type":"Circle","coordinates":[1,2]}'],
    ["latitude first by mistake, out of range", '{"type":"Point","coordinates":[28.6,177.2]}'],
    ["a position of strings", '{"type":"Point","coordinates":["77","28"]}'],
    ["a position of one number", '{"type":"Point","coordinates":[77]}'],
    ["features that are not a list", '{"type":"FeatureCollection","features":{}}'],
    ["a feature without its type", '{"type":"FeatureCollection","features":[{"geometry":null}]}'],
    [
      "collections nested without end",
      `${'{"type":"GeometryCollection","geometries":['.repeat(50)}${"]}".repeat(50)}`,
    ],
  ])("refuses %s", (_, text) => {
    expect(readGeoJson(text)).toEqual({ ok: false, error: IMPORT_BAD_GEOJSON });
  });

  it("says when a valid file has nothing to draw", () => {
    expect(readGeoJson('{"type":"FeatureCollection","features":[]}')).toEqual({
      ok: false,
      error: IMPORT_EMPTY,
    });
  });
});

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

describe("layerBounds", () => {
  it("spans every place and path", () => {
    const outcome = readGpx(GPX);
    if (!outcome.ok) throw new Error("fixture must parse");
    expect(layerBounds(outcome)).toEqual({ south: 28.5677, west: 77.2, north: 28.7, east: 77.3 });
    expect(layerBounds({ places: [], paths: [] })).toBeNull();
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
