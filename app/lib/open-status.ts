// Whether a stall is open, computed in the stall's own time zone (never the server's UTC or the visitor's zone).
import { DEFAULT_TIME_ZONE, WEEKDAYS, type Weekday } from "./options";
import type { DaySchedule, WeeklySchedule } from "./schedule";

export type OpenState = "open" | "closed" | "maybe";

export interface OpenStatus {
  state: OpenState;
  /** "Closes in 20 min", "Closes at 23:00", "Opens at 18:00", "Opens Monday 09:00"; null when unknown. */
  nextChange: string | null;
}

interface LocalTime {
  weekday: number; // 0 = monday … 6 = sunday
  minutes: number; // minutes since local midnight
}

const MINUTES_PER_DAY = 24 * 60;
const CLOSING_SOON_MINUTES = 60;

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

/** "HH:MM" (24-hour) to minutes since midnight; null for anything malformed. */
export function parseClock(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const dayName = (weekday: number) => {
  const day = WEEKDAYS[weekday] ?? "monday";
  return day.charAt(0).toUpperCase() + day.slice(1);
};

interface Range {
  status: "open" | "maybe";
  start: number; // minutes from the start of the week (monday 00:00)
  end: number; // may run past the end of the week
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

/**
 * The stall's state now, and when it next changes. A range that crossed midnight keeps counting into the next
 * morning (a Saturday 19:00-02:00 cart is open at 01:00 on Sunday). Boundaries are inclusive: open at the
 * opening minute and at the closing minute.
 */
export function openStatus(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
): OpenStatus {
  const ranges = weekRanges(schedule);
  if (ranges.length === 0) return { state: "closed", nextChange: null };
  const local = localTime(now, timeZone || DEFAULT_TIME_ZONE);
  if (local.weekday < 0) return { state: "closed", nextChange: null };
  const nowInWeek = local.weekday * MINUTES_PER_DAY + local.minutes;
  const weekMinutes = 7 * MINUTES_PER_DAY;

  // Look at this week's ranges and, for sunday-night ranges crossing into monday, last week's.
  const candidates = ranges.flatMap((r) => [
    r,
    { ...r, start: r.start - weekMinutes, end: r.end - weekMinutes },
  ]);
  const current = candidates.find((r) => nowInWeek >= r.start && nowInWeek <= r.end);
  if (current) {
    const left = current.end - nowInWeek;
    const nextChange =
      current.status === "maybe"
        ? `Maybe open until ${clock(current.end % MINUTES_PER_DAY)}`
        : left <= CLOSING_SOON_MINUTES
          ? `Closes in ${left} min`
          : `Closes at ${clock(current.end % MINUTES_PER_DAY)}`;
    return { state: current.status, nextChange };
  }

  const upcoming = [
    ...ranges,
    ...ranges.map((r) => ({ ...r, start: r.start + weekMinutes, end: r.end + weekMinutes })),
  ]
    .filter((r) => r.start > nowInWeek)
    .sort((a, b) => a.start - b.start)[0];
  if (!upcoming) return { state: "closed", nextChange: null };
  const sameDay = Math.floor(upcoming.start / MINUTES_PER_DAY) === Math.floor(nowInWeek / MINUTES_PER_DAY);
  const at = clock(upcoming.start % MINUTES_PER_DAY);
  const verb = upcoming.status === "maybe" ? "Maybe opens" : "Opens";
  return {
    state: "closed",
    nextChange: sameDay
      ? `${verb} at ${at}`
      : `${verb} ${dayName(Math.floor(upcoming.start / MINUTES_PER_DAY) % 7)} ${at}`,
  };
}

/** Discover counts a "maybe" day as open (spec section 4). */
export const isOpenOnDiscover = (status: OpenStatus) => status.state !== "closed";

/** List views elsewhere count "maybe" as not open (spec section 4); the UI still says "Maybe open". */
export const isOpenInLists = (status: OpenStatus) => status.state === "open";

export interface DayHours {
  day: Weekday;
  label: string; // "Monday"
  hours: string; // "10:00 AM - 8:00 PM", "Closed", "7:00 PM - 2:00 AM (Maybe)"
  isToday: boolean;
}

const twelveHour = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, "0");
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? "AM" : "PM"}`;
};

/** The spec's business_hours text for one day: "10:00 AM - 8:00 PM", "Closed", with " (Maybe)" for maybe days. */
export function dayHoursText(entry: DaySchedule | undefined): string | null {
  if (!entry) return null;
  if (entry.status === "closed") return "Closed";
  const open = parseClock(entry.open);
  const close = parseClock(entry.close);
  if (open === null || close === null) return null;
  const text = `${twelveHour(open)} - ${twelveHour(close)}`;
  return entry.status === "maybe" ? `${text} (Maybe)` : text;
}

/** business_hours (spec section 3): weekday name -> text, for days with a readable schedule. */
export function businessHours(schedule: WeeklySchedule | null | undefined): Record<string, string> | null {
  if (!schedule) return null;
  const hours: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const text = dayHoursText(schedule[day]);
    if (text) hours[day] = text;
  }
  return Object.keys(hours).length > 0 ? hours : null;
}

export function weeklyHours(
  schedule: WeeklySchedule | null | undefined,
  timeZone: string | null | undefined,
  now: Date,
): DayHours[] {
  const today = localTime(now, timeZone || DEFAULT_TIME_ZONE).weekday;
  return WEEKDAYS.map((day, index) => ({
    day,
    label: dayName(index),
    hours: dayHoursText(schedule?.[day]) ?? "Hours not available",
    isToday: index === today,
  }));
}
