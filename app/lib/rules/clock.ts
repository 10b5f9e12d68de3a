// The one reading of a clock time, apart from the schedule's zod schemas (schedule.ts checks with the same
// pattern): the open-now rules read clocks on pages that download no zod (Home's Feeling Hungry, cards, trails).

export const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" (24-hour, two digits each, nothing around them) to minutes since midnight; null for anything else. */
export function parseClock(text: unknown): number | null {
  const match = typeof text === "string" ? CLOCK.exec(text) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
