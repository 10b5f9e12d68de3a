import { describe, expect, it } from "vitest";
import { layerBounds } from "~/lib/rules/map-import";
import { readGpx } from "~/lib/rules/map-import-gpx";
import { GPX } from "../../../tests/map-lab-gpx";

describe("layerBounds", () => {
  it("spans every place and path", () => {
    const outcome = readGpx(GPX);
    if (!outcome.ok) throw new Error("fixture must parse");
    expect(layerBounds(outcome)).toEqual({ south: 28.5677, west: 77.2, north: 28.7, east: 77.3 });
    expect(layerBounds({ places: [], paths: [] })).toBeNull();
  });
});
