import { describe, expect, it } from "vitest";
import { translatorFor } from "~/lib/i18n/translator.server";
import { parseClock } from "~/lib/rules/clock";
import {
  businessHours,
  dayHoursText,
  openStatus,
  openStatusMessage,
  weeklyHours,
} from "~/lib/rules/open-status";
import { dayScheduleSchema, type WeeklySchedule } from "~/lib/rules/schedule";
import { everyDay, ist, MON, TUE } from "../../../tests/open-hours";

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
