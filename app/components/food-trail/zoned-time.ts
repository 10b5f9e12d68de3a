// A trail's times are the stalls' local times (all of a trail's stalls share a city), whatever the device's time zone
// is: someone planning a Delhi breakfast from abroad picks and reads Delhi's clock.

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in minutes (Asia/Kolkata: 330). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((wallAsUtc - (instant.getTime() - instant.getUTCMilliseconds())) / 60_000);
}

/** The value of a datetime-local input showing `instant` on `timeZone`'s clock: "2026-11-25T18:30". */
export function toWallTime(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The instant a datetime-local value means on `timeZone`'s clock; null for anything that is not one. */
export function fromWallTime(value: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wallAsUtc = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  if (Number.isNaN(wallAsUtc)) return null;
  // The offset at the guess can differ from the offset at the answer across a daylight-saving change: ask twice.
  const guess = wallAsUtc - zoneOffsetMinutes(new Date(wallAsUtc), timeZone) * 60_000;
  return new Date(wallAsUtc - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

/** An ISO date-time with `timeZone`'s offset, as trails store their start: "2026-11-25T18:30:00+05:30". */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${toWallTime(instant, timeZone)}:00${sign}${hours}:${minutes}`;
}

/** An arrival time on the stalls' clock in the page's locale: "6:30 pm". */
export function formatArrival(instant: Date | string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(instant),
  );
}

/** Which day `instant` falls on for someone at `now`, on `timeZone`'s clock: today, tomorrow, or its weekday's name
 * in the page's locale ("Thursday"). */
export function dayFrom(
  instant: Date,
  now: Date,
  locale: string,
  timeZone: string,
): { kind: "today" | "tomorrow" } | { kind: "later"; day: string } {
  const date = (at: Date) => toWallTime(at, timeZone).slice(0, 10);
  if (date(instant) === date(now)) return { kind: "today" };
  // Noon on the wall clock, a day on: a day is 24 hours of wall time whatever a clock change does to real time.
  const tomorrow = new Date(`${date(now)}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  if (date(instant) === tomorrow.toISOString().slice(0, 10)) return { kind: "tomorrow" };
  return {
    kind: "later",
    day: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone }).format(instant),
  };
}
