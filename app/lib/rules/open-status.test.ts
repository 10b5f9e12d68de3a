import { describe, expect, it } from "vitest";
import { isOpenInLists, isOpenOnDiscover, openChange, openStatus } from "~/lib/rules/open-status";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { everyDay, ist, MON, SAT, SUN, TUE } from "../../../tests/open-hours";

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

// The audit against opening_hours.js (issue "open-now exactness"): each reproduction as it was reported.
describe("openStatus follows chained and overlapping ranges", () => {
  const at = (iso: string) => new Date(iso);

  it("says a stall open every day 00:00-00:00 is open 24 hours (was 'Closes at 00:00', 'Closes in 0 min')", () => {
    const roundTheClock = everyDay("00:00", "00:00");
    for (const iso of ["2026-11-16T06:30:00Z", "2026-11-17T18:30:00Z"]) {
      expect(openStatus(roundTheClock, "Asia/Kolkata", at(iso))).toEqual({
        state: "open",
        nextChange: "Open 24 hours",
      });
      expect(openChange(roundTheClock, "Asia/Kolkata", at(iso))).toEqual({
        state: "open",
        changesAt: null,
        nextState: null,
      });
    }
  });

  it("chains 23:59 into the next day's 00:00: every day 00:00-23:59 is open 24 hours (was 'Closes in 29 min')", () => {
    const schedule = everyDay("00:00", "23:59");
    expect(openStatus(schedule, "Asia/Kolkata", at("2026-11-16T18:00:00Z"))).toEqual({
      state: "open",
      nextChange: "Open 24 hours",
    });
  });

  it("chains a range ending at 23:59 into the next day's 00:00 but not into 00:01", () => {
    const chained: WeeklySchedule = {
      monday: { status: "open", open: "20:00", close: "23:59" },
      tuesday: { status: "open", open: "00:00", close: "03:00" },
    };
    expect(openStatus(chained, "Asia/Kolkata", ist(MON, "23:30")).nextChange).toBe("Closes at 03:00");
    expect(openChange(chained, "Asia/Kolkata", ist(MON, "23:30")).changesAt).toEqual(ist(TUE, "03:01"));
    const gap: WeeklySchedule = {
      monday: { status: "open", open: "20:00", close: "23:59" },
      tuesday: { status: "open", open: "00:01", close: "03:00" },
    };
    expect(openStatus(gap, "Asia/Kolkata", ist(MON, "23:30")).nextChange).toBe("Closes in 29 min");
    expect(openStatus(gap, "Asia/Kolkata", ist(TUE, "00:00"))).toEqual({
      state: "closed",
      nextChange: "Opens at 00:01",
    });
  });

  it("follows Friday 18:00-02:00 into Saturday 01:00-11:00 (was 'Closes at 02:00')", () => {
    const schedule: WeeklySchedule = {
      friday: { status: "open", open: "18:00", close: "02:00" },
      saturday: { status: "open", open: "01:00", close: "11:00" },
    };
    expect(openStatus(schedule, "Asia/Kolkata", at("2026-11-20T17:30:00Z"))).toEqual({
      state: "open",
      nextChange: "Closes at 11:00",
    });
  });

  it("names the day when the stall closes more than 24 hours from now", () => {
    const schedule: WeeklySchedule = {
      monday: { status: "open", open: "09:00", close: "23:59" },
      tuesday: { status: "open", open: "00:00", close: "23:59" },
      wednesday: { status: "open", open: "00:00", close: "18:00" },
    };
    expect(openStatus(schedule, "Asia/Kolkata", ist(MON, "10:00")).nextChange).toBe("Closes Wednesday 18:00");
    expect(openStatus(schedule, "Asia/Kolkata", ist(TUE, "20:00")).nextChange).toBe("Closes at 18:00");
  });

  it("lets open win over maybe whatever the weekday (was maybe on Sunday night, open on Monday night)", () => {
    const sundayNight: WeeklySchedule = {
      sunday: { status: "open", open: "22:00", close: "02:00" },
      monday: { status: "maybe", open: "00:00", close: "10:00" },
    };
    const mondayNight: WeeklySchedule = {
      monday: { status: "open", open: "22:00", close: "02:00" },
      tuesday: { status: "maybe", open: "00:00", close: "10:00" },
    };
    const expected = { state: "open", nextChange: "Closes in 60 min" };
    expect(openStatus(sundayNight, "Asia/Kolkata", at("2026-11-15T19:30:00Z"))).toEqual(expected);
    expect(openStatus(mondayNight, "Asia/Kolkata", at("2026-11-16T19:30:00Z"))).toEqual(expected);
    // After the open hours the maybe hours go on.
    expect(openStatus(sundayNight, "Asia/Kolkata", ist(MON, "02:01"))).toEqual({
      state: "maybe",
      nextChange: "Maybe open until 10:00",
    });
  });

  it("says when a maybe stall opens for sure", () => {
    const schedule: WeeklySchedule = {
      monday: { status: "maybe", open: "08:00", close: "23:00" },
      tuesday: { status: "open", open: "18:00", close: "22:00" },
    };
    expect(openStatus(schedule, "Asia/Kolkata", ist(MON, "12:00")).nextChange).toBe("Maybe open until 23:00");
    const overlap: WeeklySchedule = {
      monday: { status: "maybe", open: "08:00", close: "23:00" },
      sunday: { status: "open", open: "18:00", close: "02:00" },
    };
    expect(openStatus(overlap, "Asia/Kolkata", ist(SUN, "12:00")).nextChange).toBe("Opens at 18:00");
    expect(openStatus(overlap, "Asia/Kolkata", ist(MON, "09:00")).nextChange).toBe("Maybe open until 23:00");
  });

  it("is maybe open only within a maybe day's hours, closed outside them", () => {
    const schedule: WeeklySchedule = { monday: { status: "maybe", open: "10:00", close: "18:00" } };
    const before = openStatus(schedule, "Asia/Kolkata", ist(MON, "09:00"));
    expect(before).toEqual({ state: "closed", nextChange: "Maybe opens at 10:00" });
    expect(isOpenOnDiscover(before)).toBe(false);
    const after = openStatus(schedule, "Asia/Kolkata", ist(MON, "18:01"));
    expect(after).toEqual({ state: "closed", nextChange: "Maybe opens Monday 10:00" });
    expect(isOpenOnDiscover(after)).toBe(false);
  });

  it("says 'Maybe open 24 hours' for a stall that is maybe open round the clock", () => {
    const schedule = Object.fromEntries(
      Object.entries(everyDay("00:00", "00:00")).map(([day]) => [
        day,
        { status: "maybe", open: "00:00", close: "00:00" },
      ]),
    ) as WeeklySchedule;
    expect(openStatus(schedule, "Asia/Kolkata", ist(TUE, "04:00"))).toEqual({
      state: "maybe",
      nextChange: "Maybe open 24 hours",
    });
  });
});

describe("openStatus counts real minutes across a DST change", () => {
  // 2026-10-25 (a Sunday): London's clocks go back from 02:00 BST to 01:00 GMT at 01:00 UTC, so the night's
  // local 02:00 is 02:00 UTC.
  const saturdayNight: WeeklySchedule = { saturday: { status: "open", open: "22:00", close: "02:00" } };

  it("Saturday 22:00-02:00 in Europe/London at 2026-10-25T00:30Z closes in 90 real minutes (was 'Closes in 30 min')", () => {
    const now = new Date("2026-10-25T00:30:00Z");
    expect(openChange(saturdayNight, "Europe/London", now)).toEqual({
      state: "open",
      changesAt: new Date("2026-10-25T02:01:00Z"),
      nextState: "closed",
    });
    expect(openStatus(saturdayNight, "Europe/London", now).nextChange).toBe("Closes at 02:00");
    expect(openStatus(saturdayNight, "Europe/London", new Date("2026-10-25T00:50:00Z")).nextChange).toBe(
      "Closes at 02:00",
    );
    expect(openStatus(saturdayNight, "Europe/London", new Date("2026-10-25T01:10:00Z")).nextChange).toBe(
      "Closes in 50 min",
    );
  });

  it("counts the hour skipped in spring: New York's 22:00-03:30 on 2026-03-08 closes in 30 real minutes at 01:59", () => {
    const schedule: WeeklySchedule = { saturday: { status: "open", open: "22:00", close: "03:30" } };
    // 01:59 EST is 06:59 UTC; the next minute is 03:00 EDT.
    expect(openStatus(schedule, "America/New_York", new Date("2026-03-08T06:59:00Z")).nextChange).toBe(
      "Closes in 31 min",
    );
  });
});
