import type { TrailInput } from "~/lib/schemas/food-trail";

export type TrailField = keyof TrailInput;

/** Every field of a trail, which a save without a base writes. */
export const TRAIL_FIELDS = [
  "title",
  "description",
  "visibility",
  "start",
  "stops",
] as const satisfies TrailField[];

/** The same moment, however its offset is written (the editor sends the author's wall time, the store keeps UTC). */
const sameStart = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** The stops are one field: their order is the walk, so a changed order or note is a changed list. */
const sameStops = (a: TrailInput["stops"], b: TrailInput["stops"]) =>
  a.length === b.length &&
  a.every((stop, index) => stop.stallId === b[index]?.stallId && stop.note === b[index]?.note);

function sameField(field: TrailField, a: TrailInput, b: TrailInput): boolean {
  if (field === "start") return sameStart(a.start, b.start);
  if (field === "stops") return sameStops(a.stops, b.stops);
  return a[field] === b[field];
}

/**
 * The fields an edit changed from the trail as its editor loaded it (`base`). Only these are written, so an edit
 * saved later (queued offline, or from a tab left open) keeps what another device changed meanwhile in the other
 * fields: the last writer wins per field, in the order the server receives them (ADR 029).
 */
export function editedTrailFields(base: TrailInput, edited: TrailInput): TrailField[] {
  return TRAIL_FIELDS.filter((field) => !sameField(field, base, edited));
}
