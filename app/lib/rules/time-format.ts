// Dates and times of day as the viewer writes them, through Intl: "6:30 pm" for en-IN, "6:30 PM" for en-US, "18:30"
// for en-GB. The server chooses the locale from Accept-Language and the root loader hands it to the browser, so
// both render the same text and hydration never meets a different one. Days are read on the clock of the cities
// the stalls are in (DEFAULT_TIME_ZONE), on the server and in any browser alike.
import { DEFAULT_TIME_ZONE } from "~/lib/rules/options";

export const DEFAULT_LOCALE = "en-IN";

/** Past this many languages, or this long a header, the rest is not read: a header is not a work list. */
const MAX_LANGUAGES = 10;
const MAX_HEADER_LENGTH = 500;

/**
 * The locale to write for: the first language of an Accept-Language header, in the order of its q-values, that
 * Intl can format, reduced to its language and region (a `-u-` extension cannot change the calendar or digits of
 * a shared page); en-IN when none is.
 */
export function chooseLocale(acceptLanguage: string | null | undefined): string {
  const ranked = (acceptLanguage ?? "")
    .slice(0, MAX_HEADER_LENGTH)
    .split(",")
    .slice(0, MAX_LANGUAGES)
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(new Intl.Locale(tag).baseName);
      if (supported) return supported;
    } catch {
      // Not a language tag: the next one may be.
    }
  }
  return DEFAULT_LOCALE;
}

const STYLES = {
  // A time of day given as minutes since midnight: formatted as that minute of a day in UTC.
  clock: { timeStyle: "short", timeZone: "UTC" },
  day: { day: "numeric", month: "short", year: "numeric", timeZone: DEFAULT_TIME_ZONE },
  month: { month: "long", year: "numeric", timeZone: DEFAULT_TIME_ZONE },
  moment: { dateStyle: "medium", timeStyle: "short", timeZone: DEFAULT_TIME_ZONE },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter costs far more than using one: one per locale and style is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, STYLES[style]);
    } catch {
      found = new Intl.DateTimeFormat(DEFAULT_LOCALE, STYLES[style]);
    }
    formatters.set(key, found);
  }
  return found;
}

type Instant = number | string | Date;
const asDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** A time of day from minutes since midnight: "6:30 pm" (en-IN), "6:30 PM" (en-US), "18:30" (en-GB). */
export function formatClock(minutes: number, locale: string): string {
  return formatter(locale, "clock").format(minutes * 60_000);
}

/** A day: "21 Nov 2026" (en-IN), "Nov 21, 2026" (en-US). */
export function formatDay(instant: Instant, locale: string): string {
  return formatter(locale, "day").format(asDate(instant));
}

/** A month: "November 2026". */
export function formatMonth(instant: Instant, locale: string): string {
  return formatter(locale, "month").format(asDate(instant));
}

/** A day and its time, for when something happened: "21 Nov 2026, 6:30 pm" (en-IN). */
export function formatMoment(instant: Instant, locale: string): string {
  return formatter(locale, "moment").format(asDate(instant));
}
