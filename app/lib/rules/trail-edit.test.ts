import { describe, expect, it } from "vitest";
import type { TrailInput } from "~/lib/schemas/food-trail";
import { editedTrailFields } from "./trail-edit";

const base: TrailInput = {
  title: "Chandni Chowk evening",
  description: "Start with chaat",
  visibility: "public",
  start: "2026-11-28T13:00:00.000Z",
  stops: [
    { stallId: "stall-a", note: null },
    { stallId: "stall-b", note: "Ask for extra chutney" },
  ],
};

describe("editedTrailFields", () => {
  it("finds nothing edited in the trail as it was loaded", () => {
    expect(editedTrailFields(base, structuredClone(base))).toEqual([]);
  });

  it("names each field whose value changed, and only those", () => {
    expect(editedTrailFields(base, { ...base, title: "Old Delhi in the evening" })).toEqual(["title"]);
    expect(editedTrailFields(base, { ...base, description: "", visibility: "private" })).toEqual([
      "description",
      "visibility",
    ]);
  });

  it("reads the start as a moment: the same time in the author's offset is no change, another time is", () => {
    expect(editedTrailFields(base, { ...base, start: "2026-11-28T18:30:00+05:30" })).toEqual([]);
    expect(editedTrailFields(base, { ...base, start: "2026-11-28T19:00:00+05:30" })).toEqual(["start"]);
    expect(editedTrailFields(base, { ...base, start: null })).toEqual(["start"]);
    expect(editedTrailFields({ ...base, start: null }, { ...base, start: null })).toEqual([]);
  });

  it("counts the stops as one list: a new order, a new note, a stop added or removed", () => {
    const [a, b] = base.stops as [TrailInput["stops"][0], TrailInput["stops"][0]];
    expect(editedTrailFields(base, { ...base, stops: [b, a] })).toEqual(["stops"]);
    expect(editedTrailFields(base, { ...base, stops: [a, { ...b, note: null }] })).toEqual(["stops"]);
    expect(editedTrailFields(base, { ...base, stops: [a, b, { stallId: "stall-c", note: null }] })).toEqual([
      "stops",
    ]);
    expect(editedTrailFields(base, { ...base, stops: [a] })).toEqual(["stops"]);
  });
});
