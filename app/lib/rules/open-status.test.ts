import { describe, expect, it } from "vitest";
import { isOpenInLists, isOpenOnDiscover, openChange, openStatus } from "~/lib/rules/open-status";
import { WEEKDAYS } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import { everyDay, ist, MON, SAT, SUN, TUE, week } from "../../../tests/open-hours";

/** openStatus of a stall in India at `time` on `day` of the week of 2026-11-16. */
const inIndia = (schedule: WeeklySchedule, day: number, time: string) =>
  openStatus(schedule, "Asia/Kolkata", ist(day, time));
const statesAt = (schedule: WeeklySchedule, day: number, times: string[]) =>
  times.map((time) => inIndia(schedule, day, time).state);
const nextChangesAt = (schedule: WeeklySchedule, day: number, times: string[]) =>
  times.map((time) => inIndia(schedule, day, time).nextChange);

describe("openStatus", () => {
  const daytime = everyDay("10:00", "20:00");

  it("is open inside the range, inclusive at both ends", () => {
    expect(statesAt(daytime, MON, ["10:00", "15:30", "20:00"])).toEqual(["open", "open", "open"]);
    expect(statesAt(daytime, MON, ["20:01", "09:59"])).toEqual(["closed", "closed"]);
  });

  it("says when it closes or opens next", () => {
    expect(nextChangesAt(daytime, MON, ["19:40", "12:00"])).toEqual(["Closes in 20 min", "Closes at 20:00"]);
    expect(nextChangesAt(daytime, MON, ["08:00", "21:00"])).toEqual([
      "Opens at 10:00",
      "Opens Tuesday 10:00",
    ]);
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
      expect(statesAt(lateNight, MON, ["19:00", "23:59"])).toEqual(["open", "open"]);
      expect(statesAt(lateNight, TUE, ["00:30", "02:00", "02:01", "12:00"])).toEqual([
        "open",
        "open",
        "closed",
        "closed",
      ]);
    });

    it("counts Saturday night's hours into Sunday morning even when Sunday is closed", () => {
      const schedule = week({ saturday: "20:00-03:00", sunday: "closed" });
      expect(inIndia(schedule, SUN, "01:00")).toEqual({ state: "open", nextChange: "Closes at 03:00" });
      expect(inIndia(schedule, SUN, "04:00").state).toBe("closed");
    });

    it("wraps Sunday night into Monday morning across the week boundary", () => {
      const schedule = week({ sunday: "22:00-01:30" });
      expect(inIndia(schedule, MON, "01:00")).toEqual({ state: "open", nextChange: "Closes in 30 min" });
    });
  });

  it("treats a missing or closed day as closed, and says when it opens again", () => {
    const schedule = week({ monday: "closed", wednesday: "09:00-17:00" });
    expect(inIndia(schedule, MON, "12:00")).toEqual({ state: "closed", nextChange: "Opens Wednesday 09:00" });
    expect(inIndia(schedule, TUE, "12:00").state).toBe("closed");
    expect(inIndia(schedule, SAT, "12:00").nextChange).toBe("Opens Wednesday 09:00");
  });

  it("reports maybe days as maybe", () => {
    const status = inIndia(week({ monday: "maybe 10:00-18:00" }), MON, "11:00");
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
    const status = inIndia(schedule as WeeklySchedule, MON, "10:30");
    expect(status).toEqual({ state: "closed", nextChange: null });
  });

  it.each(WEEKDAYS.map((day, index) => [day, index] as const))(
    "uses %s's own entry on that weekday",
    (day, index) => {
      const schedule = week({ [day]: "12:00-13:00" });
      expect(inIndia(schedule, index, "12:30").state).toBe("open");
      expect(inIndia(schedule, (index + 1) % 7, "12:30").state).toBe("closed");
    },
  );

  it("is open around the clock when open equals close", () => {
    expect(inIndia(everyDay("00:00", "00:00"), MON, "03:00").state).toBe("open");
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
    const chained = week({ monday: "20:00-23:59", tuesday: "00:00-03:00" });
    expect(inIndia(chained, MON, "23:30").nextChange).toBe("Closes at 03:00");
    expect(openChange(chained, "Asia/Kolkata", ist(MON, "23:30")).changesAt).toEqual(ist(TUE, "03:01"));
    const gap = week({ monday: "20:00-23:59", tuesday: "00:01-03:00" });
    expect(inIndia(gap, MON, "23:30").nextChange).toBe("Closes in 29 min");
    expect(inIndia(gap, TUE, "00:00")).toEqual({ state: "closed", nextChange: "Opens at 00:01" });
  });

  it("follows Friday 18:00-02:00 into Saturday 01:00-11:00 (was 'Closes at 02:00')", () => {
    const schedule = week({ friday: "18:00-02:00", saturday: "01:00-11:00" });
    expect(openStatus(schedule, "Asia/Kolkata", at("2026-11-20T17:30:00Z"))).toEqual({
      state: "open",
      nextChange: "Closes at 11:00",
    });
  });

  it("names the day when the stall closes more than 24 hours from now", () => {
    const schedule = week({ monday: "09:00-23:59", tuesday: "00:00-23:59", wednesday: "00:00-18:00" });
    expect(inIndia(schedule, MON, "10:00").nextChange).toBe("Closes Wednesday 18:00");
    expect(inIndia(schedule, TUE, "20:00").nextChange).toBe("Closes at 18:00");
  });

  it("lets open win over maybe whatever the weekday (was maybe on Sunday night, open on Monday night)", () => {
    const sundayNight = week({ sunday: "22:00-02:00", monday: "maybe 00:00-10:00" });
    const mondayNight = week({ monday: "22:00-02:00", tuesday: "maybe 00:00-10:00" });
    const expected = { state: "open", nextChange: "Closes in 60 min" };
    expect(openStatus(sundayNight, "Asia/Kolkata", at("2026-11-15T19:30:00Z"))).toEqual(expected);
    expect(openStatus(mondayNight, "Asia/Kolkata", at("2026-11-16T19:30:00Z"))).toEqual(expected);
    // After the open hours the maybe hours go on.
    expect(inIndia(sundayNight, MON, "02:01")).toEqual({
      state: "maybe",
      nextChange: "Maybe open until 10:00",
    });
  });

  it("says when a maybe stall opens for sure", () => {
    const schedule = week({ monday: "maybe 08:00-23:00", tuesday: "18:00-22:00" });
    expect(inIndia(schedule, MON, "12:00").nextChange).toBe("Maybe open until 23:00");
    const overlap = week({ monday: "maybe 08:00-23:00", sunday: "18:00-02:00" });
    expect(inIndia(overlap, SUN, "12:00").nextChange).toBe("Opens at 18:00");
    expect(inIndia(overlap, MON, "09:00").nextChange).toBe("Maybe open until 23:00");
  });

  it("is maybe open only within a maybe day's hours, closed outside them", () => {
    const schedule = week({ monday: "maybe 10:00-18:00" });
    const before = inIndia(schedule, MON, "09:00");
    expect(before).toEqual({ state: "closed", nextChange: "Maybe opens at 10:00" });
    expect(isOpenOnDiscover(before)).toBe(false);
    const after = inIndia(schedule, MON, "18:01");
    expect(after).toEqual({ state: "closed", nextChange: "Maybe opens Monday 10:00" });
    expect(isOpenOnDiscover(after)).toBe(false);
  });

  it("says 'Maybe open 24 hours' for a stall that is maybe open round the clock", () => {
    const schedule = week(Object.fromEntries(WEEKDAYS.map((day) => [day, "maybe 00:00-00:00"])));
    expect(inIndia(schedule, TUE, "04:00")).toEqual({ state: "maybe", nextChange: "Maybe open 24 hours" });
  });
});

describe("openStatus counts real minutes across a DST change", () => {
  // 2026-10-25 (a Sunday): London's clocks go back from 02:00 BST to 01:00 GMT at 01:00 UTC, so the night's
  // local 02:00 is 02:00 UTC.
  const saturdayNight = week({ saturday: "22:00-02:00" });

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
    const schedule = week({ saturday: "22:00-03:30" });
    // 01:59 EST is 06:59 UTC; the next minute is 03:00 EDT.
    expect(openStatus(schedule, "America/New_York", new Date("2026-03-08T06:59:00Z")).nextChange).toBe(
      "Closes in 31 min",
    );
  });
});
