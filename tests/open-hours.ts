import type { WeeklySchedule } from "~/lib/rules/schedule";

// A week of instants and schedules for the open-status tests (app/lib/rules/open-status*.test.ts).

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
