import { describe, expect, it } from "vitest";
import {
  chooseLocale,
  DEFAULT_LOCALE,
  formatClock,
  formatDay,
  formatMoment,
  formatMonth,
} from "~/lib/rules/time-format";

describe("chooseLocale", () => {
  it.each<[rule: string, header: string | null | undefined, locale: string]>([
    ["takes the first language the header prefers", "en-US,en;q=0.9", "en-US"],
    ["takes the first language the header prefers", "de-DE", "de-DE"],
    ["takes the first language the header prefers", "hi-IN, en;q=0.5", "hi-IN"],
    ["ranks by q-value, then by order", "fr;q=0.4, en-GB;q=0.8, de;q=0.8", "en-GB"],
    ["ranks by q-value, then by order", "en-US;q=0, en-GB", "en-GB"],
    // An extension cannot change the calendar or digits.
    ["keeps only language and region", "ar-EG-u-nu-arab-ca-islamic", "ar-EG"],
    ["keeps only language and region", "en-us", "en-US"],
    ["skips a malformed entry and reads on", "x_y_z, ta-IN", "ta-IN"],
    ["reads at most ten languages of a header", `${"@@,".repeat(10)}en-GB`, "en-IN"],
    ["reads at most ten languages of a header", `${"@@,".repeat(9)}en-GB`, "en-GB"],
    ...[null, undefined, "", "*", "not a tag!!, 12", "en;q=0", ";q=1", ",,,"].map(
      (header): [string, typeof header, string] => [
        "falls back to en-IN without a usable language",
        header,
        "en-IN",
      ],
    ),
  ])("%s: %j", (_rule, header, locale) => {
    expect(chooseLocale(header)).toBe(locale);
  });

  it("has en-IN as the default locale", () => {
    expect(DEFAULT_LOCALE).toBe("en-IN");
  });
});

describe("formatClock", () => {
  it("writes a time of day the way the locale does", () => {
    expect(formatClock(18 * 60 + 30, "en-GB")).toBe("18:30");
    expect(formatClock(9 * 60 + 5, "en-GB")).toBe("09:05");
    expect(formatClock(18 * 60 + 30, "en-US")).toMatch(/^6:30\sPM$/);
    expect(formatClock(18 * 60 + 30, "en-IN")).toMatch(/^6:30\spm$/);
    expect(formatClock(18 * 60 + 30, "de-DE")).toBe("18:30");
  });

  it("midnight and noon", () => {
    expect(formatClock(0, "en-GB")).toBe("00:00");
    expect(formatClock(0, "en-US")).toMatch(/^12:00\sAM$/);
    expect(formatClock(12 * 60, "en-US")).toMatch(/^12:00\sPM$/);
  });

  it("falls back to en-IN for a locale Intl refuses", () => {
    expect(formatClock(18 * 60, "not a locale")).toBe(formatClock(18 * 60, "en-IN"));
  });
});

describe("formatDay and formatMonth", () => {
  // 20:00 UTC on 31 October is already 1 November in India, where the stalls are.
  const lateOctober = Date.UTC(2026, 9, 31, 20, 0);

  it("read the day on India's clock in any locale", () => {
    expect(formatDay(lateOctober, "en-IN")).toBe("1 Nov 2026");
    expect(formatDay(lateOctober, "en-US")).toBe("Nov 1, 2026");
    expect(formatDay(new Date(lateOctober), "en-GB")).toBe("1 Nov 2026");
    expect(formatDay(new Date(lateOctober).toISOString(), "en-GB")).toBe("1 Nov 2026");
    expect(formatMonth("2026-10-31T20:00:00Z", "en-GB")).toBe("November 2026");
    expect(formatMonth(lateOctober, "de-DE")).toBe("November 2026");
    expect(formatMonth(lateOctober, "fr-FR")).toBe("novembre 2026");
  });
});

describe("formatMoment", () => {
  it("writes a day and its time in India's time, the way the locale does", () => {
    const instant = Date.UTC(2026, 10, 21, 18, 45);
    expect(formatMoment(instant, "en-IN")).toBe("22 Nov 2026, 12:15 am");
    expect(formatMoment(instant, "en-US")).toBe("Nov 22, 2026, 12:15 AM");
    expect(formatMoment(instant, "en-GB")).toBe("22 Nov 2026, 00:15");
  });
});
