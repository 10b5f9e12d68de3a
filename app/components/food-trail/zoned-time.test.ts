import { describe, expect, it } from "vitest";
import {
  dayFrom,
  formatArrival,
  fromWallTime,
  isoWithOffset,
  toWallTime,
  zoneOffsetMinutes,
} from "./zoned-time";

describe("trail times on the stalls' clock", () => {
  const evening = new Date("2026-11-25T13:00:00Z");

  it("reads India's clock whatever the device's zone is", () => {
    expect(zoneOffsetMinutes(evening, "Asia/Kolkata")).toBe(330);
    expect(toWallTime(evening, "Asia/Kolkata")).toBe("2026-11-25T18:30");
    expect(isoWithOffset(evening, "Asia/Kolkata")).toBe("2026-11-25T18:30:00+05:30");
    expect(formatArrival(evening, "en-IN", "Asia/Kolkata")).toBe("6:30 pm");
  });

  it("turns a picked time back into the same instant, across a daylight-saving change too", () => {
    expect(fromWallTime("2026-11-25T18:30", "Asia/Kolkata")?.toISOString()).toBe(evening.toISOString());
    // London's clocks go forward on 29 March 2026: 10:00 that day is 09:00 UTC, the night before 00:30 is 00:30 UTC.
    expect(fromWallTime("2026-03-29T10:00", "Europe/London")?.toISOString()).toBe("2026-03-29T09:00:00.000Z");
    expect(fromWallTime("2026-03-28T00:30", "Europe/London")?.toISOString()).toBe("2026-03-28T00:30:00.000Z");
    expect(isoWithOffset(new Date("2026-03-29T09:00:00Z"), "Europe/London")).toBe(
      "2026-03-29T10:00:00+01:00",
    );
    expect(isoWithOffset(new Date("2026-01-10T15:00:00Z"), "America/New_York")).toBe(
      "2026-01-10T10:00:00-05:00",
    );
  });

  it("refuses what is not a datetime-local value", () => {
    expect(fromWallTime("", "Asia/Kolkata")).toBeNull();
    expect(fromWallTime("tomorrow 6pm", "Asia/Kolkata")).toBeNull();
    expect(fromWallTime("2026-11-25 18:30", "Asia/Kolkata")).toBeNull();
  });

  it("names the day of a start as the stalls' clock reads it: today, tomorrow or its weekday", () => {
    // 04:10 in Bangalore on Tuesday 1 December 2026 is still Monday evening in New York.
    const night = new Date("2026-12-01T04:10:00+05:30");
    const at = (iso: string) => dayFrom(new Date(iso), night, "en-IN", "Asia/Kolkata");
    expect(at("2026-12-01T19:00:00+05:30")).toEqual({ kind: "today" });
    expect(at("2026-12-02T00:30:00+05:30")).toEqual({ kind: "tomorrow" });
    expect(at("2026-12-03T10:00:00+05:30")).toEqual({ kind: "later", day: "Thursday" });
    expect(dayFrom(new Date("2026-12-01T19:00:00+05:30"), night, "hi-IN", "America/New_York")).toEqual({
      kind: "tomorrow",
    });
  });
});
