import { describe, expect, it } from "vitest";
import {
  IMPORT_BAD_GPX,
  IMPORT_EMPTY,
  IMPORT_TOO_MANY_POINTS,
  MAX_IMPORT_POINTS,
} from "~/lib/rules/map-import";
import { readGpx } from "~/lib/rules/map-import-gpx";
import { GPX } from "../../../tests/map-lab-gpx";

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
