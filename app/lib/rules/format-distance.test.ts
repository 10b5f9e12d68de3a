import { describe, expect, it } from "vitest";
import { formatDistance, KM_PER_MILE } from "~/lib/rules/geo";

describe("formatDistance", () => {
  it("writes kilometres with one decimal", () => {
    expect(formatDistance(1.26, "km", "en-IN")).toBe("1.3 km");
    expect(formatDistance(0, "km", "en-US")).toBe("0.0 km");
    expect(formatDistance(12.04, "km", "en-GB")).toBe("12.0 km");
  });

  it("converts to miles (1 mi = 1.609344 km)", () => {
    expect(formatDistance(KM_PER_MILE, "mi", "en-IN")).toBe("1.0 mi");
    expect(formatDistance(5, "mi", "en-US")).toBe("3.1 mi");
    expect(formatDistance(0.2, "mi", "en-IN")).toBe("0.1 mi");
  });

  it("rounds once, after converting: 2.49 km is 1.5 mi, not 1.6 from a rounded 2.5 km", () => {
    expect(formatDistance(2.49, "mi", "en-IN")).toBe("1.5 mi");
  });

  it("writes the unit in Hindi on Hindi pages, as the catalogue does", () => {
    expect(formatDistance(1.26, "km", "hi-IN")).toBe("1.3 किमी");
    expect(formatDistance(KM_PER_MILE * 2, "mi", "hi-IN")).toBe("2.0 मील");
  });

  it("groups digits as the locale does: lakhs in India, thousands in the US", () => {
    expect(formatDistance(123456.7, "km", "hi-IN")).toBe("1,23,456.7 किमी");
    expect(formatDistance(123456.7, "km", "en-IN")).toBe("1,23,456.7 km");
    expect(formatDistance(123456.7, "km", "en-US")).toBe("123,456.7 km");
  });
});
