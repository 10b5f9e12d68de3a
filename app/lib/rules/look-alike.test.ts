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
  // Both ways round: which of the two names is the new one does not matter.
  it.each([
    ["Sharma Chaat Corner", "Sharma Chaat Stall", true],
    ["Raju Momos", "Raju", true],
    ["Raju Momos", "raju momo", true],
    ["Anna Idli Kadai", "Anna Idly Kadai", true],
    ["Murugan Dosa", "Murugan Dosa Point", true],
    ["Sharma Chaat Corner", "Gupta Kulfi", false],
    ["Raju Momos", "Tibetan Momos", false],
    ["Anna Idli Kadai", "Chai Point", false],
    ["", "Raju", false],
  ])("%s ~ %s: %s", (a, b, alike) => {
    expect(namesLookAlike(a, b)).toBe(alike);
    expect(namesLookAlike(b, a)).toBe(alike);
  });
});

describe("nameSimilarity", () => {
  it("is 1 for the same distinctive words and 0 for nothing shared", () => {
    expect(nameSimilarity("Raju Momos Stall", "raju momos")).toBe(1);
    expect(nameSimilarity("abc", "xyz")).toBe(0);
  });
});
