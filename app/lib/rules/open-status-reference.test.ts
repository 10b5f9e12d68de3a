import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OpenState, openChange, openStatus } from "~/lib/rules/open-status";
import { WEEKDAYS } from "~/lib/rules/options";
import type { DaySchedule, WeeklySchedule } from "~/lib/rules/schedule";

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
