/**
 * Pure calendar helpers on ISO calendar dates ("YYYY-MM-DD"). No time zones are involved anywhere: dates are
 * converted to and from a day count with integer arithmetic (proleptic Gregorian calendar), so the result is
 * the same on the server, in the browser and in every time zone. Supported years: 0001 to 9999.
 *
 * Months are 1-based (1 = January) and weeks start on Monday throughout.
 */

import { msg } from "~/lib/i18n/translate";

/** Names a month or a day (English by default; a page passes its translator). */
type Namer = (name: string) => string;
const english: Namer = (name) => name;

/** The earliest date of birth the app accepts. */
export const MIN_BIRTH_DATE = "1900-01-01";

/** Where a date-of-birth calendar opens when nothing is chosen yet (clamped to the allowed range). */
export const DEFAULT_BIRTH_FOCUS = "2000-01-01";

export const MONTH_NAMES = [
  msg("January"),
  msg("February"),
  msg("March"),
  msg("April"),
  msg("May"),
  msg("June"),
  msg("July"),
  msg("August"),
  msg("September"),
  msg("October"),
  msg("November"),
  msg("December"),
] as const;

/** Monday first, matching the grid. */
export const WEEKDAY_NAMES = [
  msg("Monday"),
  msg("Tuesday"),
  msg("Wednesday"),
  msg("Thursday"),
  msg("Friday"),
  msg("Saturday"),
  msg("Sunday"),
] as const;

export const WEEKDAY_SHORT = [
  msg("Mo"),
  msg("Tu"),
  msg("We"),
  msg("Th"),
  msg("Fr"),
  msg("Sa"),
  msg("Su"),
] as const;

export type IsoDate = string;

export interface DateParts {
  year: number;
  /** 1 to 12 */
  month: number;
  /** 1 to 31 */
  day: number;
}

export interface CalendarCell {
  iso: IsoDate;
  day: number;
  /** Whether the cell belongs to the month the grid was built for (the others pad the first and last week). */
  inMonth: boolean;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** Formats parts as "YYYY-MM-DD" without checking them (see `parseIsoDate` for that). */
export function toIsoDate(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** "YYYY-MM-DD" (surrounding spaces allowed) to the same date, or null when it is not a real calendar date. */
export function parseIsoDate(text: string): IsoDate | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return toIsoDate(year, month, day);
}

/** Splits a valid ISO date; throws a RangeError for anything else, which is always a programming error. */
export function isoParts(iso: IsoDate): DateParts {
  const valid = parseIsoDate(iso);
  if (valid === null || valid !== iso) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${iso}`);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

/** Days since 1970-01-01 (negative before it). Howard Hinnant's days_from_civil. */
export function toDayNumber(iso: IsoDate): number {
  const { year, month, day } = isoParts(iso);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The inverse of `toDayNumber` (civil_from_days). */
export function fromDayNumber(dayNumber: number): IsoDate {
  const z = Math.trunc(dayNumber) + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthPosition = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthPosition + 2) / 5) + 1;
  const month = monthPosition < 10 ? monthPosition + 3 : monthPosition - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return toIsoDate(year, month, day);
}

/** Day of the week, Monday = 0 to Sunday = 6. */
export function weekdayIndex(iso: IsoDate): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((toDayNumber(iso) + 3) % 7) + 7) % 7;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(iso) + days);
}

/**
 * Moves by whole months, keeping the day where the target month has it and clamping it to the month's last
 * day otherwise (Jan 31 + 1 month = Feb 28 or 29).
 */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const { year, month, day } = isoParts(iso);
  const index = year * 12 + (month - 1) + Math.trunc(months);
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return toIsoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Moves by whole years (Feb 29 + 1 year = Feb 28). */
export function addYears(iso: IsoDate, years: number): IsoDate {
  return addMonths(iso, Math.trunc(years) * 12);
}

/** The Monday of the week the date is in. */
export function startOfWeek(iso: IsoDate): IsoDate {
  return addDays(iso, -weekdayIndex(iso));
}

/** The Sunday of the week the date is in. */
export function endOfWeek(iso: IsoDate): IsoDate {
  return addDays(iso, 6 - weekdayIndex(iso));
}

/** Negative, zero or positive like a sort comparator. ISO dates of the same width order as strings. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether min <= iso <= max (both bounds inclusive). */
export function isWithin(iso: IsoDate, min: IsoDate, max: IsoDate): boolean {
  return iso >= min && iso <= max;
}

/** The date itself when inside [min, max], else the nearest bound. When min > max, min wins. */
export function clampDate(iso: IsoDate, min: IsoDate, max: IsoDate): IsoDate {
  if (iso < min) return min;
  if (iso > max) return max < min ? min : max;
  return iso;
}

/** "21 November 2026" */
export function formatLong(iso: IsoDate, name: Namer = english): string {
  const { year, month, day } = isoParts(iso);
  return `${day} ${name(MONTH_NAMES[month - 1] ?? "")} ${year}`;
}

/** "Saturday 21 November 2026": the accessible name of a day in the calendar. */
export function formatWeekdayLong(iso: IsoDate, name: Namer = english): string {
  return `${name(WEEKDAY_NAMES[weekdayIndex(iso)] ?? "")} ${formatLong(iso, name)}`;
}

/** "November 2026" */
export function formatMonthYear(year: number, month: number, name: Namer = english): string {
  return `${name(MONTH_NAMES[month - 1] ?? "")} ${year}`;
}

/** The month's weeks, Monday first, padded with the neighbouring months' days. Six weeks unless `fit`. */
export function monthGrid(year: number, month: number, options: { fit?: boolean } = {}): CalendarCell[][] {
  const first = toIsoDate(year, month, 1);
  const start = toDayNumber(first) - weekdayIndex(first);
  const length = daysInMonth(year, month);
  const weekCount = options.fit ? Math.ceil((weekdayIndex(first) + length) / 7) : 6;
  const weeks: CalendarCell[][] = [];
  for (let week = 0; week < weekCount; week++) {
    const cells: CalendarCell[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      const iso = fromDayNumber(start + week * 7 + weekday);
      const parts = isoParts(iso);
      cells.push({ iso, day: parts.day, inMonth: parts.year === year && parts.month === month });
    }
    weeks.push(cells);
  }
  return weeks;
}

/** The calendar date on the given clock in its local time zone: what the person in front of it calls today. */
export function todayIso(now: Date = new Date()): IsoDate {
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
