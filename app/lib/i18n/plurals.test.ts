import { describe, expect, it } from "vitest";
import { translatorFor } from "./translator.server";

// CLDR puts 0 in Hindi's "one" category, so a plural without its own zero said "0 ठेला मिला" (ADR 034).
describe("plurals count zero in each language's own words", () => {
  const hindi = translatorFor("hi");
  const english = translatorFor("en");

  it("says no stall was found, in Hindi and in English", () => {
    const found = "{count, plural, one {# stall found} other {# stalls found}}";
    expect(hindi(found, { count: 0 })).toBe("कोई ठेला नहीं मिला");
    expect(hindi(found, { count: 1 })).toBe("1 ठेला मिला");
    expect(hindi(found, { count: 3 })).toBe("3 ठेले मिले");
    expect(english(found, { count: 0 })).toBe("0 stalls found");
    expect(english(found, { count: 1 })).toBe("1 stall found");
  });

  it("writes zero of a thing with the plural noun, never the singular", () => {
    expect(hindi("{count, plural, one {# stall} other {# stalls}}", { count: 0 })).toBe("0 ठेले");
    expect(hindi("({count, plural, one {# review} other {# reviews}})", { count: 0 })).toBe("(0 समीक्षाएँ)");
    expect(hindi("{count, plural, one {# stall near you} other {# stalls near you}}", { count: 0 })).toBe(
      "आपके पास कोई ठेला नहीं",
    );
    expect(english("{count, plural, one {# stall} other {# stalls}}", { count: 0 })).toBe("0 stalls");
  });
});
