import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import { parseClock } from "~/lib/rules/clock";
import {
  businessHours,
  dayHoursText,
  isOpenInLists,
  isOpenOnDiscover,
  type OpenState,
  openChange,
  openStatus,
  openStatusMessage,
  weeklyHours,
} from "~/lib/rules/open-status";
import { WEEKDAYS } from "~/lib/rules/options";
import { type DaySchedule, dayScheduleSchema, type WeeklySchedule } from "~/lib/rules/schedule";

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

describe("openStatus against a minute-by-minute reference", () => {
  // The reference reads the zone's clock at every minute and applies the day rules as written: a day's hours
  // cover its open to its close minute inclusive, or to midnight when the close is not after the open, in
  // which case the next day is covered from midnight to the close minute inclusive. Open wins over maybe.
  const MINUTE = 60 * 1000;
  const readers = new Map<string, Intl.DateTimeFormat>();
  const wallClock = (instant: number, zone: string) => {
    let reader = readers.get(zone);
    if (!reader) {
      reader = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        weekday: "long",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      readers.set(zone, reader);
    }
    const parts = Object.fromEntries(reader.formatToParts(instant).map((p) => [p.type, p.value]));
    return {
      day: WEEKDAYS.indexOf(String(parts.weekday).toLowerCase() as (typeof WEEKDAYS)[number]),
      minutes: Number(parts.hour) * 60 + Number(parts.minute),
      text: `${parts.hour}:${parts.minute}`,
      weekday: String(parts.weekday),
    };
  };
  const toMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));

  function referenceState(schedule: WeeklySchedule, zone: string, instant: number): OpenState {
    const { day, minutes } = wallClock(instant, zone);
    const covering: OpenState[] = [];
    const today = schedule[WEEKDAYS[day] as (typeof WEEKDAYS)[number]];
    if (today && today.status !== "closed") {
      const [open, close] = [toMinutes(today.open), toMinutes(today.close)];
      if (minutes >= open && (close <= open || minutes <= close)) covering.push(today.status);
    }
    const yesterday = schedule[WEEKDAYS[(day + 6) % 7] as (typeof WEEKDAYS)[number]];
    if (yesterday && yesterday.status !== "closed") {
      const [open, close] = [toMinutes(yesterday.open), toMinutes(yesterday.close)];
      if (close <= open && minutes <= close) covering.push(yesterday.status);
    }
    return covering.includes("open") ? "open" : covering.includes("maybe") ? "maybe" : "closed";
  }

  function reference(schedule: WeeklySchedule, zone: string, now: Date) {
    const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
    const state = referenceState(schedule, zone, start);
    for (let at = start + MINUTE; at <= start + 8 * 24 * 60 * MINUTE; at += MINUTE) {
      const next = referenceState(schedule, zone, at);
      if (next !== state) return { state, changesAt: new Date(at), nextState: next };
    }
    return { state, changesAt: null, nextState: null };
  }

  const pad = (n: number) => String(n).padStart(2, "0");
  // Few distinct times, so that ranges often chain, overlap and meet at midnight; some any minute of the day.
  const time = fc.oneof(
    fc.constantFrom("00:00", "23:59", "01:00", "02:00", "10:00", "18:00", "22:00"),
    fc.integer({ min: 0, max: 24 * 60 - 1 }).map((m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`),
  );
  const day: fc.Arbitrary<DaySchedule | undefined> = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.constant({ status: "closed" as const }), weight: 1 },
    {
      arbitrary: fc.record({
        status: fc.constantFrom("open" as const, "maybe" as const),
        open: time,
        close: time,
      }),
      weight: 5,
    },
  );
  const anyWeek = fc
    .tuple(...WEEKDAYS.map(() => day))
    .map(
      (days) =>
        Object.fromEntries(
          WEEKDAYS.flatMap((name, i) => (days[i] ? [[name, days[i]]] : [])),
        ) as WeeklySchedule,
    );
  // Every day open or maybe, from a time to the same time or from 00:00 to 23:59: round the clock, or chained.
  const roundTheClock = fc
    .tuple(
      fc.constantFrom<[string, string]>(["00:00", "00:00"], ["00:00", "23:59"], ["18:00", "18:00"]),
      fc.array(fc.constantFrom("open" as const, "maybe" as const), { minLength: 7, maxLength: 7 }),
    )
    .map(
      ([[open, close], statuses]) =>
        Object.fromEntries(
          WEEKDAYS.map((name, i) => [name, { status: statuses[i] ?? "open", open, close }]),
        ) as WeeklySchedule,
    );
  const schedule = fc.oneof({ arbitrary: anyWeek, weight: 5 }, { arbitrary: roundTheClock, weight: 1 });
  const zone = fc.constantFrom("Asia/Kolkata", "Europe/London", "America/New_York");
  // Instants near 2026's clock changes in London and New York, or anywhere in 2026, to the second.
  const clockChanges = [
    "2026-03-08T07:00:00Z",
    "2026-03-29T01:00:00Z",
    "2026-10-25T01:00:00Z",
    "2026-11-01T06:00:00Z",
  ];
  const nearChange = fc
    .tuple(fc.constantFrom(...clockChanges), fc.integer({ min: -4 * 24 * 60, max: 4 * 24 * 60 }))
    .map(([iso, minutes]) => Date.parse(iso) + minutes * MINUTE);
  const anyTime = fc.integer({
    min: Date.parse("2026-01-01T00:00:00Z"),
    max: Date.parse("2027-01-01T00:00:00Z"),
  });
  const instant = fc
    .tuple(fc.oneof(nearChange, anyTime), fc.integer({ min: 0, max: MINUTE - 1 }))
    .map(([at, ms]) => new Date(Math.floor(at / MINUTE) * MINUTE + ms));

  it("agrees on the state, the first minute it changes, and the text", { timeout: 15_000 }, () => {
    fc.assert(
      fc.property(schedule, zone, instant, (week, tz, now) => {
        const expected = reference(week, tz, now);
        expect(openChange(week, tz, now)).toEqual(expected);

        const { nextChange } = openStatus(week, tz, now);
        const { state, changesAt, nextState } = expected;
        if (!changesAt) {
          expect(nextChange).toBe(
            { open: "Open 24 hours", maybe: "Maybe open 24 hours", closed: null }[state],
          );
          return;
        }
        const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
        if (state === "closed" || nextState === "open") {
          const opening = wallClock(changesAt.getTime(), tz);
          const verb = state === "closed" && nextState === "maybe" ? "Maybe opens" : "Opens";
          const today =
            opening.day === wallClock(start, tz).day && changesAt.getTime() - start < 6 * 24 * 60 * MINUTE;
          expect(nextChange).toBe(
            today ? `${verb} at ${opening.text}` : `${verb} ${opening.weekday} ${opening.text}`,
          );
          return;
        }
        // Real minutes from now to the last minute of the hours.
        const left = (changesAt.getTime() - MINUTE - start) / MINUTE;
        const closing = wallClock(changesAt.getTime() - MINUTE, tz);
        const at = left < 24 * 60 ? closing.text : `${closing.weekday} ${closing.text}`;
        if (state === "open") {
          expect(nextChange).toBe(
            left <= 60 ? `Closes in ${left} min` : `Closes ${left < 24 * 60 ? "at " : ""}${at}`,
          );
        } else {
          expect(nextChange).toBe(`Maybe open until ${at}`);
        }
      }),
      { numRuns: 300 },
    );
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

  it("writes a page's times in the viewer's locale, one format for the table and the next change", () => {
    const daytime = everyDay("10:00", "20:00");
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "08:00"), "en-IN").nextChange).toMatch(
      /^Opens at 10:00\sam$/,
    );
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "12:00"), "en-US").nextChange).toMatch(
      /^Closes at 8:00\sPM$/,
    );
    expect(openStatus(daytime, "Asia/Kolkata", ist(MON, "12:00"), "en-GB").nextChange).toBe(
      "Closes at 20:00",
    );
    const week = weeklyHours(daytime, "Asia/Kolkata", ist(MON, "12:00"), "en-GB");
    expect(week.map((d) => d.hours)).toEqual(Array(7).fill("10:00 - 20:00"));
    expect(dayHoursText({ status: "maybe", open: "19:00", close: "02:00" }, "en-IN")).toMatch(
      /^7:00\spm - 2:00\sam \(Maybe\)$/,
    );
  });

  it("parses only real 24-hour times", () => {
    expect(parseClock("09:05")).toBe(545);
    expect(parseClock("23:59")).toBe(1439);
    expect(parseClock("24:00")).toBeNull();
    expect(parseClock("9")).toBeNull();
    expect(parseClock(900)).toBeNull();
  });

  it.each(["7:30", " 09:00", "09:00 ", "24:00", "12:60", "0900", "09:5", "09:00:00", "09:00\n"])(
    "refuses %j in the parser and the schema alike (was accepted by parseClock)",
    (text) => {
      expect(parseClock(text)).toBeNull();
      expect(dayScheduleSchema.safeParse({ status: "open", open: text, close: "10:00" }).success).toBe(false);
    },
  );

  it("accepts in the parser what the schema accepts", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes++) {
      const text = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      expect(parseClock(text)).toBe(minutes);
      expect(dayScheduleSchema.safeParse({ status: "open", open: text, close: text }).success).toBe(true);
    }
  });
});

describe("openStatusMessage (pages)", () => {
  const daytime = everyDay("10:00", "20:00");
  const hindi = translatorFor("hi");
  const english = translatorFor("en");

  it("says the same as the API in English, and in Hindi with the day named in Hindi", () => {
    for (const time of ["08:00", "12:00", "19:40", "21:00"]) {
      const page = openStatusMessage(daytime, "Asia/Kolkata", ist(MON, time), "en-GB");
      expect(english(page.nextChange ?? "")).toBe(
        openStatus(daytime, "Asia/Kolkata", ist(MON, time)).nextChange,
      );
    }
    const tonight = openStatusMessage(daytime, "Asia/Kolkata", ist(MON, "21:00"), "hi-IN").nextChange ?? "";
    expect(hindi(tonight)).toMatch(/^मंगलवार 10:00 .*पर खुलेगा$/);
    const soon = openStatusMessage(daytime, "Asia/Kolkata", ist(MON, "19:40"), "hi-IN").nextChange ?? "";
    expect(hindi(soon)).toBe("20 मिनट में बंद होगा");
  });

  it("gives a page's week in its language: day names, Closed, (Maybe) and missing days", () => {
    const schedule: WeeklySchedule = {
      monday: { status: "closed" },
      tuesday: { status: "maybe", open: "10:00", close: "18:00" },
      wednesday: { status: "open", open: "10:00", close: "18:00" },
    };
    const week = weeklyHours(schedule, "Asia/Kolkata", ist(MON, "12:00"), "hi-IN");
    expect(week[0]?.label).toBe("सोमवार");
    expect(hindi(week[0]?.hours ?? "")).toBe(hindi("Closed"));
    expect(hindi(week[1]?.hours ?? "")).toMatch(/\(शायद\)$/);
    expect(hindi(week[3]?.hours ?? "")).toBe(hindi("Hours not available"));
    expect(hindi("Hours not available")).not.toBe("Hours not available");
    const englishWeek = weeklyHours(schedule, "Asia/Kolkata", ist(MON, "12:00"));
    expect(englishWeek.map((day) => english(day.hours))).toEqual([
      "Closed",
      "10:00 AM - 6:00 PM (Maybe)",
      "10:00 AM - 6:00 PM",
      "Hours not available",
      "Hours not available",
      "Hours not available",
      "Hours not available",
    ]);
  });
});
