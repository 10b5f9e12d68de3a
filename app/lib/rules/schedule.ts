import { z } from "zod";
import { WEEKDAYS } from "~/lib/rules/options";

// The one reading of a clock time: what the schema accepts is exactly what the open-now rules can read.
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" (24-hour, two digits each, nothing around them) to minutes since midnight; null for anything else. */
export function parseClock(text: unknown): number | null {
  const match = typeof text === "string" ? CLOCK.exec(text) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const time = z.string().regex(CLOCK, "Use 24-hour HH:MM");

/** One day of a weekly schedule: closed, or open / maybe between two 24-hour times. A close earlier than the
 * open time means the range runs past midnight. */
export const dayScheduleSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("closed") }),
  z.object({ status: z.literal("open"), open: time, close: time }),
  z.object({ status: z.literal("maybe"), open: time, close: time }),
]);

export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const weeklyScheduleSchema = z.partialRecord(z.enum(WEEKDAYS), dayScheduleSchema);

export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;
