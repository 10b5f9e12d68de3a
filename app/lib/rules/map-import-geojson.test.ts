import { describe, expect, it } from "vitest";
import { IMPORT_BAD_GEOJSON, IMPORT_EMPTY } from "~/lib/rules/map-import";
import { readGeoJson } from "~/lib/rules/map-import-geojson";

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
