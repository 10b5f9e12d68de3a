import { describe, expect, it } from "vitest";
import { nameKey, nameSimilarity, namesLookAlike } from "~/lib/rules/look-alike";

describe("nameKey", () => {
  it("drops generic words, case, accents and punctuation", () => {
    expect(nameKey("Sharma's Chaat CORNER")).toBe("sharma s chaat");
    expect(nameKey("Café Rāju")).toBe("raju");
  });

  it("keeps a name made only of generic words", () => {
    expect(nameKey("The Food Stall")).toBe("the food stall");
  });
});

describe("namesLookAlike", () => {
  it.each([
    ["Sharma Chaat Corner", "Sharma Chaat Stall"],
    ["Raju Momos", "Raju"],
    ["Raju Momos", "raju momo"],
    ["Anna Idli Kadai", "Anna Idly Kadai"],
    ["Murugan Dosa", "Murugan Dosa Point"],
  ])("%s ~ %s", (a, b) => {
    expect(namesLookAlike(a, b)).toBe(true);
    expect(namesLookAlike(b, a)).toBe(true);
  });

  it.each([
    ["Sharma Chaat Corner", "Gupta Kulfi"],
    ["Raju Momos", "Tibetan Momos"],
    ["Anna Idli Kadai", "Chai Point"],
    ["", "Raju"],
  ])("%s is not %s", (a, b) => {
    expect(namesLookAlike(a, b)).toBe(false);
  });
});

describe("nameSimilarity", () => {
  it("is 1 for the same distinctive words and 0 for nothing shared", () => {
    expect(nameSimilarity("Raju Momos Stall", "raju momos")).toBe(1);
    expect(nameSimilarity("abc", "xyz")).toBe(0);
  });
});
