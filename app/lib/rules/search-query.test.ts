import { describe, expect, it } from "vitest";
import {
  eitherExpression,
  ftsMatchExpression,
  likePattern,
  normaliseCategory,
  normaliseQuery,
  priceRange,
  SEARCH_MATCH_CAP,
  shopsFoundLabel,
  termsMatchExpression,
  termsWholeWordsExpression,
  typedWordsImplyTerms,
  wholeWordsExpression,
} from "~/lib/rules/search-query";

describe("normaliseQuery", () => {
  it("trims and collapses whitespace", () => {
    expect(normaliseQuery("  masala \n\t dosa  ")).toBe("masala dosa");
    expect(normaliseQuery("   ")).toBe("");
  });

  it("caps the length at 100 characters", () => {
    expect(normaliseQuery("a".repeat(500))).toHaveLength(100);
  });

  // Outside audit: /search?q=%ED%A0%BD and a q cut inside an emoji answered 500 (a lone surrogate reached
  // encodeURIComponent), and /api/search?q=%00chai answered 500 (NUL ended the FTS5 string).
  it("drops half a surrogate pair, whether sent alone or left by the length cap", () => {
    expect(normaliseQuery("chai \uD83D")).toBe("chai");
    expect(normaliseQuery("\uDE00 chai")).toBe("chai");
    expect(normaliseQuery(`${"a".repeat(99)}😀`)).toBe("a".repeat(99));
    expect(normaliseQuery("chai 😀")).toBe("chai 😀");
  });

  it("reads control and direction characters as spaces", () => {
    expect(normaliseQuery("\u0000chai\u0007 \u202Edosa\u2069")).toBe("chai dosa");
    expect(normaliseQuery("\u0000")).toBe("");
  });
});

describe("wholeWordsExpression", () => {
  it("quotes the same words as ftsMatchExpression when each is one word", () => {
    expect(wholeWordsExpression("Masala  Dosa ab")).toBe('"Masala" "Dosa"');
    expect(wholeWordsExpression("छोले भटूरे")).toBe('"छोले" "भटूरे"');
    expect(wholeWordsExpression("7up café")).toBe('"7up" "café"');
  });

  it("gives up when a word would be split by the words index, or nothing is long enough", () => {
    expect(wholeWordsExpression("chaat's corner")).toBeNull();
    expect(wholeWordsExpression("pav-bhaji")).toBeNull();
    expect(wholeWordsExpression('"dosa"')).toBeNull();
    expect(wholeWordsExpression("dosa*")).toBeNull();
    expect(wholeWordsExpression("ab c")).toBeNull();
  });
});

describe("ftsMatchExpression", () => {
  it("quotes every word of three or more characters", () => {
    expect(ftsMatchExpression("masala dosa")).toBe('"masala" "dosa"');
    expect(ftsMatchExpression("iry")).toBe('"iry"');
  });

  it("keeps FTS syntax as plain text", () => {
    expect(ftsMatchExpression('dosa" OR "xyz')).toBe('"dosa""" """xyz"');
    expect(ftsMatchExpression("chai AND NOT coffee")).toBe('"chai" "AND" "NOT" "coffee"');
    expect(ftsMatchExpression("NEAR(chai tea)")).toBe('"NEAR(chai" "tea)"');
    expect(ftsMatchExpression("-spicy* name:momos")).toBe('"-spicy*" "name:momos"');
  });

  it("drops words too short for the trigram index, and is null when none is left", () => {
    expect(ftsMatchExpression("a dosa")).toBe('"dosa"');
    expect(ftsMatchExpression("ab")).toBeNull();
    expect(ftsMatchExpression("")).toBeNull();
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("normaliseCategory", () => {
  it("strips emojis, collapses whitespace, lower-cases", () => {
    expect(normaliseCategory("💎 Hidden   Gem ")).toBe("hidden gem");
    expect(normaliseCategory("🔥Trending Now")).toBe("trending now");
    expect(normaliseCategory("👨‍👩‍👧 Family Friendly")).toBe("family friendly");
  });
});

describe("price and walking time", () => {
  it("shows ₹ with the Cheap tag, else ₹₹", () => {
    expect(priceRange(["Cheap", "Spicy"])).toBe("₹");
    expect(priceRange(["Spicy"])).toBe("₹₹");
  });
});

describe("shopsFoundLabel", () => {
  it("uses the spec's text for exact counts", () => {
    expect(shopsFoundLabel(0, false)).toBe("0 shops found");
    expect(shopsFoundLabel(1, false)).toBe("1 shop found");
    expect(shopsFoundLabel(SEARCH_MATCH_CAP, false)).toBe("1000 shops found");
  });

  it("shows a capped count as a lower bound", () => {
    expect(shopsFoundLabel(SEARCH_MATCH_CAP, true)).toBe("1,000+ shops found");
  });
});

describe("termsMatchExpression", () => {
  it("requires every term, by any of its alternatives, each quoted", () => {
    expect(termsMatchExpression([["golgapa", "pani puri", 'say "hi"'], ["chandni"]])).toBe(
      '("golgapa" OR "pani puri" OR "say ""hi""") AND "chandni"',
    );
  });

  it("drops alternatives too short for trigrams, terms left with none, and alternatives holding another", () => {
    expect(termsMatchExpression([["momos", "momo"], ["ka"], ["tea", "chai"]])).toBe(
      '"momo" AND ("tea" OR "chai")',
    );
    expect(termsMatchExpression([["ka", "ab"]])).toBeNull();
    expect(termsMatchExpression([])).toBeNull();
  });

  it("asks a phrase with a word under three letters for its longer words, each anywhere", () => {
    expect(termsMatchExpression([["pani puri", "pani ka batasa"], ["chole ka bhatura ki dukan"]])).toBe(
      '("pani puri" OR ("pani" AND "batasa")) AND ("chole" AND "bhatura" AND "dukan")',
    );
    expect(termsMatchExpression([["a1 masala dosa"], ["ek do"]])).toBe('"masala dosa" AND "ek do"');
  });
});

describe("termsWholeWordsExpression", () => {
  it("keeps whole words and phrases of them", () => {
    expect(termsWholeWordsExpression([["momos", "momo"], ["pani puri"]])).toBe(
      '("momos" OR "momo") AND "pani puri"',
    );
  });

  it("is null when a term has no alternative that is a whole word", () => {
    expect(termsWholeWordsExpression([["raju's"], ["chai"]])).toBeNull();
    expect(termsWholeWordsExpression([["raju's", "rajus"], ["chai"]])).toBe('"rajus" AND "chai"');
  });
});

describe("eitherExpression", () => {
  it("matches either expression, or the one there is", () => {
    expect(eitherExpression('"a1"', '"b1"')).toBe('("a1") OR ("b1")');
    expect(eitherExpression('"same"', '"same"')).toBe('"same"');
    expect(eitherExpression(null, '"b1"')).toBe('"b1"');
    expect(eitherExpression(null, null)).toBeNull();
  });
});

describe("typedWordsImplyTerms", () => {
  it("is true when each term has an alternative inside a typed word", () => {
    expect(typedWordsImplyTerms("Masala Dosa", [["masala"], ["dosa", "dosai"]])).toBe(true);
    expect(typedWordsImplyTerms("samosas", [["samosa", "singara"]])).toBe(true);
  });

  it("is false when a term is spelt otherwise than typed, or no term can be searched", () => {
    expect(typedWordsImplyTerms("golgappe", [["golgapa", "puchka"]])).toBe(false);
    expect(typedWordsImplyTerms("ka", [["ka"]])).toBe(false);
  });
});
