import { describe, expect, it } from "vitest";
import {
  businessHours,
  dayHoursText,
  isOpenInLists,
  isOpenOnDiscover,
  openStatus,
  parseClock,
  weeklyHours,
} from "./open-status";
import type { WeeklySchedule } from "./schedule";

// 2026-11-16 is a Monday. India is UTC+05:30, so 10:00 IST is 04:30 UTC.
const ist = (day: number, time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 16 + day, h, m) - 330 * 60 * 1000);
};
const MON = 0;
const TUE = 1;
const SAT = 5;
const SUN = 6;

const everyDay = (open: string, close: string): WeeklySchedule =>
  Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
      d,
      { status: "open", open, close },
    ]),
  );

describe("openStatus", () => {
  const daytime = everyDay("10:00", "20:00");

  it("is open inside the range, inclusive at both ends", () => {
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "10:00")).state).toBe("open");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "15:30")).state).toBe("open");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "20:00")).state).toBe("open");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "20:01")).state).toBe("closed");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "09:59")).state).toBe("closed");
  });

  it("says when it closes or opens next", () => {
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "19:40")).nextChange).toBe("Closes in 20 min");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "12:00")).nextChange).toBe("Closes at 20:00");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "08:00")).nextChange).toBe("Opens at 10:00");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "21:00")).nextChange).toBe("Opens Tuesday 10:00");
  });

  it("computes in the stall's time zone, not the server's or the visitor's", () => {
    // 04:30 UTC is 10:00 in Kolkata (open) but 04:30 in London (closed).
    const at = ist(MON, "10:00");
    expect(at.toISOString()).toBe("2026-11-16T04:30:00.000Z");
    expect(openStatus(daytime, "Asia/Kolkata", at).state).toBe("open");
    expect(openStatus(daytime, "Europe/London", at).state).toBe("closed");
    expect(openStatus(daytime, null, at).state).toBe("open");
  });

  it("falls back to India time for an unknown time zone instead of crashing", () => {
    expect(openStatus(daytime, "Mars/Olympus_Mons", ist(MON, "10:00")).state).toBe("open");
  });

  describe("ranges that cross midnight", () => {
    const lateNight = everyDay("19:00", "02:00");

    it("is open in the evening and after midnight until close", () => {
      expect(openStatus(lateNight, "Asia/Kolkata", ist(MON, "19:00")).state).toBe("open");
      expect(openStatus(lateNight, "Asia/Kolkata", ist(MON, "23:59")).state).toBe("open");
      expect(openStatus(lateNight, "Asia/Kolkata", ist(TUE, "00:30")).state).toBe("open");
      expect(openStatus(lateNight, "Asia/Kolkata", ist(TUE, "02:00")).state).toBe("open");
      expect(openStatus(lateNight, "Asia/Kolkata", ist(TUE, "02:01")).state).toBe("closed");
      expect(openStatus(lateNight, "Asia/Kolkata", ist(TUE, "12:00")).state).toBe("closed");
    });

    it("counts Saturday night's hours into Sunday morning even when Sunday is closed", () => {
      const schedule: WeeklySchedule = {
        saturday: { status: "open", open: "20:00", close: "03:00" },
        sunday: { status: "closed" },
      };
      expect(openStatus(schedule, "Asia/Kolkata", ist(SUN, "01:00")).state).toBe("open");
      expect(openStatus(schedule, "Asia/Kolkata", ist(SUN, "01:00")).nextChange).toBe("Closes at 03:00");
      expect(openStatus(schedule, "Asia/Kolkata", ist(SUN, "04:00")).state).toBe("closed");
    });

    it("wraps Sunday night into Monday morning across the week boundary", () => {
      const schedule: WeeklySchedule = { sunday: { status: "open", open: "22:00", close: "01:30" } };
      expect(openStatus(schedule, "Asia/Kolkata", ist(MON, "01:00")).state).toBe("open");
      expect(openStatus(schedule, "Asia/Kolkata", ist(MON, "01:00")).nextChange).toBe("Closes in 30 min");
    });
  });

  it("treats a missing or closed day as closed, and says when it opens again", () => {
    const schedule: WeeklySchedule = {
      monday: { status: "closed" },
      wednesday: { status: "open", open: "09:00", close: "17:00" },
    };
    expect(openStatus(schedule, "Asia/Kolkata", ist(MON, "12:00"))).toEqual({
      state: "closed",
      nextChange: "Opens Wednesday 09:00",
    });
    expect(openStatus(schedule, "Asia/Kolkata", ist(TUE, "12:00")).state).toBe("closed");
    expect(openStatus(schedule, "Asia/Kolkata", ist(SAT, "12:00")).nextChange).toBe("Opens Wednesday 09:00");
  });

  it("reports maybe days as maybe", () => {
    const schedule: WeeklySchedule = { monday: { status: "maybe", open: "10:00", close: "18:00" } };
    const status = openStatus(schedule, "Asia/Kolkata", ist(MON, "11:00"));
    expect(status).toEqual({ state: "maybe", nextChange: "Maybe open until 18:00" });
    expect(isOpenOnDiscover(status)).toBe(true);
    expect(isOpenInLists(status)).toBe(false);
  });

  it.each<[string, unknown]>([
    ["no schedule", null],
    ["empty schedule", {}],
    ["times that are not times", { monday: { status: "open", open: "ten", close: "8pm" } }],
    ["hours past 23", { monday: { status: "open", open: "25:00", close: "26:00" } }],
    ["an unknown status", { monday: { status: "sometimes", open: "10:00", close: "11:00" } }],
    ["a schedule that is a string", "monday 10-8"],
  ])("treats %s as closed with no next change, never a crash", (_, schedule) => {
    const status = openStatus(schedule as WeeklySchedule, "Asia/Kolkata", ist(MON, "10:30"));
    expect(status).toEqual({ state: "closed", nextChange: null });
  });

  it.each([
    ["monday", MON],
    ["tuesday", TUE],
    ["wednesday", 2],
    ["thursday", 3],
    ["friday", 4],
    ["saturday", SAT],
    ["sunday", SUN],
  ] as const)("uses %s's own entry on that weekday", (day, index) => {
    const schedule: WeeklySchedule = { [day]: { status: "open", open: "12:00", close: "13:00" } };
    expect(openStatus(schedule, "Asia/Kolkata", ist(index, "12:30")).state).toBe("open");
    expect(openStatus(schedule, "Asia/Kolkata", ist((index + 1) % 7, "12:30")).state).toBe("closed");
  });

  it("is open around the clock when open equals close", () => {
    expect(openStatus(everyDay("00:00", "00:00"), "Asia/Kolkata", ist(MON, "03:00")).state).toBe("open");
  });
});

describe("hours text", () => {
  it("writes the spec's business_hours texts", () => {
    expect(dayHoursText({ status: "open", open: "10:00", close: "20:00" })).toBe("10:00 AM - 8:00 PM");
    expect(dayHoursText({ status: "open", open: "00:30", close: "12:00" })).toBe("12:30 AM - 12:00 PM");
    expect(dayHoursText({ status: "closed" })).toBe("Closed");
    expect(dayHoursText({ status: "maybe", open: "19:00", close: "02:00" })).toBe(
      "7:00 PM - 2:00 AM (Maybe)",
    );
    expect(dayHoursText(undefined)).toBeNull();
  });

  it("builds business_hours and the weekly table with today marked", () => {
    const schedule: WeeklySchedule = {
      monday: { status: "open", open: "10:00", close: "20:00" },
      tuesday: { status: "closed" },
    };
    expect(businessHours(schedule)).toEqual({ monday: "10:00 AM - 8:00 PM", tuesday: "Closed" });
    expect(businessHours(null)).toBeNull();
    const week = weeklyHours(schedule, "Asia/Kolkata", ist(TUE, "09:00"));
    expect(week).toHaveLength(7);
    expect(week.find((d) => d.isToday)?.day).toBe("tuesday");
    expect(week[2]?.hours).toBe("Hours not available");
  });

  it("parses only real 24-hour times", () => {
    expect(parseClock("09:05")).toBe(545);
    expect(parseClock("23:59")).toBe(1439);
    expect(parseClock("24:00")).toBeNull();
    expect(parseClock("9")).toBeNull();
    expect(parseClock(900)).toBeNull();
  });
});
