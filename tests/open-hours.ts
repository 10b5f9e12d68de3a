import type { Weekday } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";

// A week of instants and schedules for the tests of open hours (app/lib/rules/open-status*.test.ts) and of trails
// planned by them (trail-order, trail-walkable).

// 2026-11-16 is a Monday. India is UTC+05:30, so 10:00 IST is 04:30 UTC.
export const ist = (day: number, time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 16 + day, h, m) - 330 * 60 * 1000);
};
export const MON = 0;
export const TUE = 1;
export const SAT = 5;
export const SUN = 6;

export const everyDay = (open: string, close: string): WeeklySchedule =>
  Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
      d,
      { status: "open", open, close },
    ]),
  );

/**
 * A week's schedule on one line: week({ saturday: "20:00-03:00", sunday: "closed", monday: "maybe 10:00-18:00" }).
 * Days left out are missing from the schedule.
 */
export const week = (days: Partial<Record<Weekday, string>>): WeeklySchedule =>
  Object.fromEntries(
    Object.entries(days).map(([day, hours]) => {
      if (hours === "closed") return [day, { status: "closed" }];
      const maybe = hours.startsWith("maybe ");
      const [open, close] = hours.replace("maybe ", "").split("-");
      return [day, { status: maybe ? "maybe" : "open", open, close }];
    }),
  );
