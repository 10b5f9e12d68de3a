// Whether a stall is open, computed in the stall's own time zone (never the server's UTC or the visitor's zone).
// The rules and their reasons are in docs/decisions/012-open-now.md.
import { type MessageValues, msg } from "~/lib/i18n/translate";
import { parseClock } from "~/lib/rules/clock";
import { DEFAULT_TIME_ZONE, WEEKDAYS, type Weekday } from "~/lib/rules/options";
import type { DaySchedule, WeeklySchedule } from "~/lib/rules/schedule";
import { formatClock } from "~/lib/rules/time-format";

export type OpenState = "open" | "closed" | "maybe";

export interface OpenStatus {
  state: OpenState;
  /**
   * "Closes in 20 min", "Closes at 23:00", "Closes Wednesday 18:00", "Opens at 18:00", "Opens Monday 09:00",
   * "Maybe open until 18:00", "Maybe opens at 10:00", "Open 24 hours", "Maybe open 24 hours"; null when there
   * is no schedule. In English from openStatus, as the API answers it; a message to show with `t` from
   * openStatusMessage.
   */
  nextChange: string | null;
}

export interface OpenChange {
  state: OpenState;
  /** The first minute whose state differs from now's; null when the state never changes. */
  changesAt: Date | null;
  nextState: OpenState | null;
}

interface LocalTime {
  weekday: number; // 0 = monday … 6 = sunday
  minutes: number; // minutes since local midnight
}

const MINUTE_MS = 60 * 1000;
const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const CLOSING_SOON_MINUTES = 60;
// Every minute of the week comes round within a week of local time; one more day covers a DST hour.
const SEARCH_MS = 8 * MINUTES_PER_DAY * MINUTE_MS;

// Formatters are costly to build and pure, so one per time zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const SHORT_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function localTime(now: Date, timeZone: string): LocalTime {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone);
  } catch {
    formatter = formatterFor(DEFAULT_TIME_ZONE);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: SHORT_DAYS.indexOf(part("weekday")),
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** Minutes from monday 00:00 on the zone's clock at `instant` (ms); null if the clock cannot be read. */
function weekMinute(instant: number, timeZone: string): number | null {
  const local = localTime(new Date(instant), timeZone);
  return local.weekday < 0 ? null : local.weekday * MINUTES_PER_DAY + local.minutes;
}

/**
 * The API's texts keep the formats its clients were given (ADR 012, the spec's business_hours): 24-hour times in
 * open_next_change, "10:00 AM - 8:00 PM" in business_hours. Pages pass the viewer's locale instead.
 */
const API_CHANGE_LOCALE = "en-GB";
const API_HOURS_LOCALE = "en-US";

const dayNames = new Map<string, Intl.DateTimeFormat>();

/** "Wednesday" in the API's English, "बुधवार" on a Hindi page. 1 January 2024 was a Monday. */
function dayName(weekday: number, locale: string): string {
  let format = dayNames.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    dayNames.set(locale, format);
  }
  return format.format(Date.UTC(2024, 0, 1 + weekday));
}

interface Range {
  status: "open" | "maybe";
  start: number; // minutes from the start of the week (monday 00:00)
  end: number; // the last minute in the range, inclusive; may run past the end of the week
}

/** The week's open and maybe ranges, in minutes from monday 00:00, skipping closed, missing and malformed days. */
function weekRanges(schedule: WeeklySchedule | null | undefined): Range[] {
  if (!schedule || typeof schedule !== "object") return [];
  const ranges: Range[] = [];
  WEEKDAYS.forEach((day, index) => {
    const entry = (schedule as Record<Weekday, DaySchedule | undefined>)[day];
    if (!entry || (entry.status !== "open" && entry.status !== "maybe")) return;
    const open = parseClock(entry.open);
    const close = parseClock(entry.close);
    if (open === null || close === null) return;
    const start = index * MINUTES_PER_DAY + open;
    // A close earlier than the open time means the range crosses midnight into the next day. Equal times mean
    // open around the clock.
    const length = close > open ? close - open : close + MINUTES_PER_DAY - open;
    ranges.push({ status: entry.status, start, end: start + length });
  });
  return ranges;
}

/** The state of one minute of the week. Open wins wherever open and maybe hours cover the same minute. */
function stateAt(ranges: Range[], minute: number): OpenState {
  let state: OpenState = "closed";
  for (const range of ranges) {
    // Last week's sunday night may run into this monday.
    if ((minute >= range.start && minute <= range.end) || minute + MINUTES_PER_WEEK <= range.end) {
      if (range.status === "open") return "open";
      state = "maybe";
    }
  }
  return state;
}

/**
 * Minutes of local clock from `minute` to the first minute whose state is not `state`; null when none is. The
 * state only changes where a range starts or just after one ends, so those are the only minutes to try; ranges
 * that chain or overlap are thereby followed to their common end.
 */
function minutesToChange(ranges: Range[], minute: number, state: OpenState): number | null {
  let nearest: number | null = null;
  for (const range of ranges) {
    for (const edge of [range.start, range.end + 1]) {
      const ahead =
        (((edge - minute) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK || MINUTES_PER_WEEK;
      if (
        (nearest === null || ahead < nearest) &&
        stateAt(ranges, (minute + ahead) % MINUTES_PER_WEEK) !== state
      ) {
        nearest = ahead;
      }
    }
  }
  return nearest;
}

/**
 * The stall's state now, and the first minute it changes, in real time. A range that crossed midnight keeps
 * counting into the next morning (a Saturday 19:00-02:00 cart is open at 01:00 on Sunday). Boundaries are
 * inclusive: open at the opening minute and through the closing minute, so a range ending at 23:59 runs on,
 * without a gap, into one starting at 00:00 the next day. A clock change (DST) between now and the change is
 * found on the way: the local clock then jumps, and the state is read again where it lands.
 */
export function openChange(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
): OpenChange {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const ranges = weekRanges(schedule);
  const start = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  let minute = ranges.length > 0 ? weekMinute(start, zone) : null;
  if (minute === null) return { state: "closed", changesAt: null, nextState: null };
  const state = stateAt(ranges, minute);
  // Where the local clock keeps pace with real time, the wall-clock distance to the change is the real one.
  const drifted = (from: number, fromMinute: number, to: number) =>
    weekMinute(to, zone) !== (fromMinute + (to - from) / MINUTE_MS) % MINUTES_PER_WEEK;
  for (let at = start; at - start <= SEARCH_MS; ) {
    const ahead = minutesToChange(ranges, minute, state);
    if (ahead === null) break;
    const candidate = at + ahead * MINUTE_MS;
    if (!drifted(at, minute, candidate)) {
      return {
        state,
        changesAt: new Date(candidate),
        nextState: stateAt(ranges, (minute + ahead) % MINUTES_PER_WEEK),
      };
    }
    // The clock changed on the way: find the first minute after the change, and read the state there.
    let steady = at;
    let jumped = candidate;
    while (jumped - steady > MINUTE_MS) {
      const middle = steady + Math.floor((jumped - steady) / MINUTE_MS / 2) * MINUTE_MS;
      if (drifted(at, minute, middle)) jumped = middle;
      else steady = middle;
    }
    const landed = weekMinute(jumped, zone);
    if (landed === null) break;
    const there = stateAt(ranges, landed);
    if (there !== state) return { state, changesAt: new Date(jumped), nextState: there };
    at = jumped;
    minute = landed;
  }
  return { state, changesAt: null, nextState: null };
}

/**
 * The stall's state now and, for people, when it changes. "Closes in N min" counts real minutes to the closing
 * minute, across a clock change too. A closing time names its day only when it is a day or more ahead (within a
 * day, "Closes at 02:00" can only mean the coming 02:00); an opening time names its day unless it is today.
 */
export function openStatus(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
  locale = API_CHANGE_LOCALE,
): OpenStatus {
  const { state, change } = describeStatus(schedule, timeZone, now, locale);
  return { state, nextChange: change ? fillIn(change.message, change.values) : null };
}

/** openStatus for a page: the next change as a message in the viewer's `locale` (days named in it), for `t`. */
export function openStatusMessage(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
  locale: string,
): OpenStatus {
  const { state, change } = describeStatus(schedule, timeZone, now, locale);
  return { state, nextChange: change ? msg(change.message, change.values) : null };
}

interface StatusChange {
  message: string;
  values?: MessageValues;
}

/** The English message's placeholders filled in, as the API's clients have always read it. */
function fillIn(message: string, values?: MessageValues): string {
  return values ? message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) : message;
}

function describeStatus(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
  locale: string,
): { state: OpenState; change: StatusChange | null } {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  const { state, changesAt, nextState } = openChange(schedule, zone, now);
  if (!changesAt) {
    if (state === "closed") return { state, change: null };
    return change(state, state === "open" ? msg("Open 24 hours") : msg("Maybe open 24 hours"));
  }
  const start = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  if (state === "closed" || nextState === "open") {
    const opening = localTime(changesAt, zone);
    // The same weekday less than six days ahead is today.
    const today =
      opening.weekday === localTime(new Date(start), zone).weekday &&
      changesAt.getTime() - start < 6 * MINUTES_PER_DAY * MINUTE_MS;
    const time = formatClock(opening.minutes, locale);
    const day = dayName(opening.weekday, locale);
    if (state === "closed" && nextState === "maybe") {
      return today
        ? change(state, msg("Maybe opens at {time}"), { time })
        : change(state, msg("Maybe opens {day} {time}"), { day, time });
    }
    return today
      ? change(state, msg("Opens at {time}"), { time })
      : change(state, msg("Opens {day} {time}"), { day, time });
  }
  // The last minute of the open (or maybe) hours.
  const last = new Date(changesAt.getTime() - MINUTE_MS);
  const left = (last.getTime() - start) / MINUTE_MS;
  if (state === "open" && left <= CLOSING_SOON_MINUTES) {
    return change(state, msg("Closes in {minutes} min"), { minutes: left });
  }
  const closing = localTime(last, zone);
  const time = formatClock(closing.minutes, locale);
  const day = left < MINUTES_PER_DAY ? null : dayName(closing.weekday, locale);
  if (state === "open") {
    return day
      ? change(state, msg("Closes {day} {time}"), { day, time })
      : change(state, msg("Closes at {time}"), { time });
  }
  return day
    ? change(state, msg("Maybe open until {day} {time}"), { day, time })
    : change(state, msg("Maybe open until {time}"), { time });
}

function change(state: OpenState, message: string, values?: MessageValues) {
  return { state, change: { message, values } };
}

/**
 * Discover's Open Now: a "maybe" day means maybe open within its hours and closed outside them, and Discover
 * counts those maybe hours as open (ADR 012).
 */
export const isOpenOnDiscover = (status: OpenStatus) => status.state !== "closed";

/** List views other than Discover count only open hours, "maybe" as not open; the UI still says "Maybe open". */
export const isOpenInLists = (status: OpenStatus) => status.state === "open";

export interface DayHours {
  day: Weekday;
  label: string; // "Monday", in the page's locale
  /** A message to show with `t`: "10:00 AM - 8:00 PM", "Closed", "7:00 PM - 2:00 AM (Maybe)", "Hours not available". */
  hours: string;
  isToday: boolean;
}

/**
 * One day's hours: "10:00 AM - 8:00 PM" (the spec's business_hours, the default), "18:00 - 02:00" in en-GB,
 * "Closed", with " (Maybe)" for maybe days.
 */
export function dayHoursText(entry: DaySchedule | undefined, locale = API_HOURS_LOCALE): string | null {
  if (!entry) return null;
  if (entry.status === "closed") return "Closed";
  const range = hoursRange(entry, locale);
  if (range === null) return null;
  return entry.status === "maybe" ? `${range} (Maybe)` : range;
}

function hoursRange(entry: Exclude<DaySchedule, { status: "closed" }>, locale: string): string | null {
  const open = parseClock(entry.open);
  const close = parseClock(entry.close);
  if (open === null || close === null) return null;
  return `${formatClock(open, locale)} - ${formatClock(close, locale)}`;
}

/** The detail read's business_hours: weekday name -> text, for days with a readable schedule. */
export function businessHours(schedule: WeeklySchedule | null | undefined): Record<string, string> | null {
  if (!schedule) return null;
  const hours: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const text = dayHoursText(schedule[day]);
    if (text) hours[day] = text;
  }
  return Object.keys(hours).length > 0 ? hours : null;
}

/** dayHoursText as a message for a page. */
function dayHoursMessage(entry: DaySchedule | undefined, locale: string): string {
  if (entry?.status === "closed") return msg("Closed");
  const range = entry ? hoursRange(entry, locale) : null;
  if (range === null) return msg("Hours not available");
  return entry?.status === "maybe" ? msg("{hours} (Maybe)", { hours: range }) : range;
}

/** The week for a page, a row a day, times in the viewer's `locale`. */
export function weeklyHours(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
  locale = API_HOURS_LOCALE,
): DayHours[] {
  const today = localTime(now, timeZone || DEFAULT_TIME_ZONE).weekday;
  return WEEKDAYS.map((day, index) => ({
    day,
    label: dayName(index, locale),
    hours: dayHoursMessage(schedule?.[day], locale),
    isToday: index === today,
  }));
}
