import { z } from "zod";
import { CLOCK } from "~/lib/rules/clock";
import { WEEKDAYS } from "~/lib/rules/options";

// What the schema accepts is exactly what the open-now rules can read (clock.ts).
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
