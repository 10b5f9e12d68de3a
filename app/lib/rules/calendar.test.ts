import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addYears,
  clampDate,
  DEFAULT_BIRTH_FOCUS,
  daysInMonth,
  endOfWeek,
  formatLong,
  formatMonthYear,
  formatWeekdayLong,
  fromDayNumber,
  isLeapYear,
  isoParts,
  isWithin,
  MIN_BIRTH_DATE,
  monthGrid,
  parseIsoDate,
  startOfWeek,
  toDayNumber,
  todayIso,
  weekdayIndex,
} from "~/lib/rules/calendar";

/** The same date through the platform's UTC calendar, as an independent reference. */
function viaUtc(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

describe("constants", () => {
  it("accepts birth dates from 1 January 1900 and opens on 1 January 2000 by default", () => {
    expect(MIN_BIRTH_DATE).toBe("1900-01-01");
    expect(DEFAULT_BIRTH_FOCUS).toBe("2000-01-01");
  });
});

describe("leap years", () => {
  it("follows the Gregorian rule: every 4 years, except centuries, except every 400 years", () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(2100)).toBe(false);
  });

  it("gives February 29 days only in leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("knows the length of every other month", () => {
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2026, month))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });
});

describe("parseIsoDate", () => {
  it("accepts real dates, ignoring surrounding spaces", () => {
    expect(parseIsoDate("2026-11-21")).toBe("2026-11-21");
    expect(parseIsoDate(" 1900-01-01 ")).toBe("1900-01-01");
    expect(parseIsoDate("2024-02-29")).toBe("2024-02-29");
    expect(parseIsoDate("2000-02-29")).toBe("2000-02-29");
  });

  it("rejects days a month does not have", () => {
    expect(parseIsoDate("2026-02-30")).toBeNull();
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("1900-02-29")).toBeNull();
    expect(parseIsoDate("2026-04-31")).toBeNull();
    expect(parseIsoDate("2026-01-32")).toBeNull();
    expect(parseIsoDate("2026-01-00")).toBeNull();
  });

  it("rejects impossible months, year zero and anything not exactly YYYY-MM-DD", () => {
    for (const text of [
      "2026-13-01",
      "2026-00-10",
      "0000-01-01",
      "2026-1-01",
      "26-01-01",
      "2026/01/01",
      "2026-01-01T00:00:00Z",
      "21 November 2026",
      "",
      "2026-0a-01",
    ]) {
      expect(parseIsoDate(text), text).toBeNull();
    }
  });

  it("accepts exactly the dates the platform calendar round-trips", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const platform = new Date(`${text}T00:00:00Z`);
          const real = platform.getUTCDate() === day && platform.getUTCMonth() + 1 === month;
          expect(parseIsoDate(text)).toBe(real ? text : null);
        },
      ),
    );
  });
});

describe("isoParts", () => {
  it("splits a valid date", () => {
    expect(isoParts("2026-11-21")).toEqual({ year: 2026, month: 11, day: 21 });
  });

  it("throws on an invalid one", () => {
    expect(() => isoParts("2026-02-30")).toThrow(RangeError);
    expect(() => isoParts(" 2026-02-01")).toThrow(RangeError);
  });
});

describe("day numbers", () => {
  it("counts from 1970-01-01", () => {
    expect(toDayNumber("1970-01-01")).toBe(0);
    expect(toDayNumber("1970-01-02")).toBe(1);
    expect(toDayNumber("1969-12-31")).toBe(-1);
    expect(fromDayNumber(0)).toBe("1970-01-01");
  });

  it("agrees with the platform UTC calendar and round-trips, 1600 to 2400", () => {
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber("1600-01-01"), max: toDayNumber("2400-12-31") }), (n) => {
        const iso = fromDayNumber(n);
        expect(iso).toBe(viaUtc(n));
        expect(toDayNumber(iso)).toBe(n);
      }),
    );
  });
});

describe("weekdays", () => {
  it("numbers days Monday = 0 to Sunday = 6", () => {
    expect(weekdayIndex("2026-11-16")).toBe(0); // Monday
    expect(weekdayIndex("2026-11-21")).toBe(5); // Saturday
    expect(weekdayIndex("2026-11-22")).toBe(6); // Sunday
    expect(weekdayIndex("1900-01-01")).toBe(0); // Monday
    expect(weekdayIndex("2000-02-29")).toBe(1); // Tuesday
  });

  it("finds the Monday and Sunday of a week, across month and year ends", () => {
    expect(startOfWeek("2026-11-21")).toBe("2026-11-16");
    expect(endOfWeek("2026-11-21")).toBe("2026-11-22");
    expect(startOfWeek("2026-11-16")).toBe("2026-11-16");
    expect(endOfWeek("2026-11-22")).toBe("2026-11-22");
    expect(startOfWeek("2027-01-01")).toBe("2026-12-28");
    expect(endOfWeek("2026-12-31")).toBe("2027-01-03");
  });
});

describe("addDays", () => {
  it.each([
    ["crosses month and year ends", "2026-01-31", 1, "2026-02-01"],
    ["crosses month and year ends", "2026-12-31", 1, "2027-01-01"],
    ["crosses month and year ends", "2027-01-01", -1, "2026-12-31"],
    ["crosses month and year ends", "2026-03-01", -7, "2026-02-22"],
    ["includes February 29 only in leap years", "2024-02-28", 1, "2024-02-29"],
    ["includes February 29 only in leap years", "2023-02-28", 1, "2023-03-01"],
    ["includes February 29 only in leap years", "1900-02-28", 1, "1900-03-01"],
    ["includes February 29 only in leap years", "2000-02-28", 1, "2000-02-29"],
    ["adds zero and large spans", "2026-11-21", 0, "2026-11-21"],
    ["adds zero and large spans", "2000-01-01", 366, "2001-01-01"],
    // 100 years from 1900 hold 24 leap days (1900 itself is not a leap year).
    ["adds zero and large spans", "1900-01-01", 36_524, "2000-01-01"],
  ])("%s: %s + %i days", (_rule, date, days, sum) => {
    expect(addDays(date, days)).toBe(sum);
  });
});

describe("addMonths", () => {
  it.each([
    ["keeps the day where the target month has it", "2026-11-21", 1, "2026-12-21"],
    ["keeps the day where the target month has it", "2026-11-21", 2, "2027-01-21"],
    ["keeps the day where the target month has it", "2026-01-15", -1, "2025-12-15"],
    ["keeps the day where the target month has it", "2026-11-21", 0, "2026-11-21"],
    ["clamps the day to the end of a shorter month", "2026-01-31", 1, "2026-02-28"],
    ["clamps the day to the end of a shorter month", "2024-01-31", 1, "2024-02-29"],
    ["clamps the day to the end of a shorter month", "2026-03-31", -1, "2026-02-28"],
    ["clamps the day to the end of a shorter month", "2026-05-31", 1, "2026-06-30"],
    ["clamps the day to the end of a shorter month", "2026-10-31", -1, "2026-09-30"],
    ["moves across many years", "2026-11-21", -12, "2025-11-21"],
    ["moves across many years", "2026-11-21", -1200, "1926-11-21"],
    ["moves across many years", "1900-01-31", 13, "1901-02-28"],
  ])("%s: %s + %i months", (_rule, date, months, sum) => {
    expect(addMonths(date, months)).toBe(sum);
  });

  it("addYears clamps February 29", () => {
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2024-02-29", -124)).toBe("1900-02-28");
    expect(addYears("2026-11-21", -1)).toBe("2025-11-21");
  });
});

describe("clampDate and isWithin", () => {
  const min = "1900-01-01";
  const max = "2026-11-21";

  it("keeps dates inside the range, bounds included", () => {
    expect(clampDate("2000-01-01", min, max)).toBe("2000-01-01");
    expect(clampDate(min, min, max)).toBe(min);
    expect(clampDate(max, min, max)).toBe(max);
    expect(isWithin("2000-01-01", min, max)).toBe(true);
    expect(isWithin(min, min, max)).toBe(true);
    expect(isWithin(max, min, max)).toBe(true);
  });

  it("moves dates outside to the nearest bound", () => {
    expect(clampDate("1899-12-31", min, max)).toBe(min);
    expect(clampDate("2026-11-22", min, max)).toBe(max);
    expect(clampDate("9999-12-31", min, max)).toBe(max);
    expect(isWithin("1899-12-31", min, max)).toBe(false);
    expect(isWithin("2026-11-22", min, max)).toBe(false);
  });

  it("prefers min when the range is empty", () => {
    expect(clampDate("2000-01-01", "2010-01-01", "2005-01-01")).toBe("2010-01-01");
    expect(clampDate("2020-01-01", "2010-01-01", "2005-01-01")).toBe("2010-01-01");
  });
});

describe("formatting", () => {
  it("writes long dates without a leading zero", () => {
    expect(formatLong("2026-11-21")).toBe("21 November 2026");
    expect(formatLong("1900-01-01")).toBe("1 January 1900");
    expect(formatLong("2024-02-29")).toBe("29 February 2024");
  });

  it("names the weekday for the calendar's labels", () => {
    expect(formatWeekdayLong("2026-11-21")).toBe("Saturday 21 November 2026");
    expect(formatWeekdayLong("1900-01-01")).toBe("Monday 1 January 1900");
  });

  it("names a month", () => {
    expect(formatMonthYear(2026, 11)).toBe("November 2026");
    expect(formatMonthYear(1900, 1)).toBe("January 1900");
  });
});

describe("monthGrid", () => {
  function checkShape(year: number, month: number, fit: boolean) {
    const weeks = monthGrid(year, month, { fit });
    const cells = weeks.flat();
    for (const week of weeks) expect(week).toHaveLength(7);
    expect(weekdayIndex(cells[0]!.iso)).toBe(0);
    // Consecutive days throughout.
    cells.forEach((cell, index) => {
      expect(cell.iso).toBe(addDays(cells[0]!.iso, index));
      expect(cell.day).toBe(isoParts(cell.iso).day);
    });
    const inMonth = cells.filter((cell) => cell.inMonth);
    expect(inMonth.map((cell) => cell.day)).toEqual(
      Array.from({ length: daysInMonth(year, month) }, (_, index) => index + 1),
    );
    for (const cell of inMonth) expect(isoParts(cell.iso)).toMatchObject({ year, month });
    for (const cell of cells.filter((c) => !c.inMonth)) {
      expect(isoParts(cell.iso).month).not.toBe(month);
    }
    return weeks;
  }

  it("lays November 2026 out Monday first in six weeks", () => {
    const weeks = checkShape(2026, 11, false);
    expect(weeks).toHaveLength(6);
    // 1 November 2026 is a Sunday: the grid starts on Monday 26 October.
    expect(weeks[0]![0]).toEqual({ iso: "2026-10-26", day: 26, inMonth: false });
    expect(weeks[0]![6]).toEqual({ iso: "2026-11-01", day: 1, inMonth: true });
    expect(weeks[3]![5]).toEqual({ iso: "2026-11-21", day: 21, inMonth: true });
    expect(weeks[5]![6]).toEqual({ iso: "2026-12-06", day: 6, inMonth: false });
  });

  it("starts on the first when the month starts on a Monday", () => {
    const weeks = checkShape(1900, 1, false);
    expect(weeks[0]![0]).toEqual({ iso: "1900-01-01", day: 1, inMonth: true });
  });

  it("fits the weeks when asked: February 2021 takes exactly four", () => {
    expect(checkShape(2021, 2, true)).toHaveLength(4);
    expect(checkShape(2021, 2, false)).toHaveLength(6);
    expect(checkShape(2026, 11, true)).toHaveLength(6);
    expect(checkShape(2024, 2, true)).toHaveLength(5);
  });

  it("holds every day of every month exactly once, leap Februaries included", () => {
    for (const year of [1900, 1999, 2000, 2023, 2024, 2026]) {
      for (let month = 1; month <= 12; month++) {
        checkShape(year, month, false);
        checkShape(year, month, true);
      }
    }
  });
});

describe("todayIso", () => {
  it("uses the clock's local calendar date", () => {
    expect(todayIso(new Date(2026, 10, 21, 23, 59))).toBe("2026-11-21");
    expect(todayIso(new Date(2024, 1, 29, 0, 0))).toBe("2024-02-29");
  });
});
