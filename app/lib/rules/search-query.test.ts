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

// Each rule is a table of what goes in and what comes out; the first column says why.
describe("normaliseQuery", () => {
  it.each([
    ["trims and collapses whitespace", "  masala \n\t dosa  ", "masala dosa"],
    ["trims and collapses whitespace", "   ", ""],
    // Outside audit: /search?q=%ED%A0%BD and a q cut inside an emoji answered 500 (a lone surrogate reached
    // encodeURIComponent), and /api/search?q=%00chai answered 500 (NUL ended the FTS5 string).
    ["drops half a surrogate pair sent alone", "chai \uD83D", "chai"],
    ["drops half a surrogate pair sent alone", "\uDE00 chai", "chai"],
    ["drops half a surrogate pair left by the length cap", `${"a".repeat(99)}😀`, "a".repeat(99)],
    ["keeps a whole pair", "chai 😀", "chai 😀"],
    ["reads control and direction characters as spaces", "\u0000chai\u0007 \u202Edosa\u2069", "chai dosa"],
    ["reads control and direction characters as spaces", "\u0000", ""],
  ])("%s: %j", (_rule, query, normalised) => {
    expect(normaliseQuery(query)).toBe(normalised);
  });

  it("caps the length at 100 characters", () => {
    expect(normaliseQuery("a".repeat(500))).toHaveLength(100);
  });
});

describe("wholeWordsExpression", () => {
  it.each([
    [
      "quotes the same words as ftsMatchExpression when each is one word",
      "Masala  Dosa ab",
      '"Masala" "Dosa"',
    ],
    ["quotes the same words as ftsMatchExpression when each is one word", "छोले भटूरे", '"छोले" "भटूरे"'],
    ["quotes the same words as ftsMatchExpression when each is one word", "7up café", '"7up" "café"'],
    ["gives up when the words index would split a word", "chaat's corner", null],
    ["gives up when the words index would split a word", "pav-bhaji", null],
    ["gives up when the words index would split a word", '"dosa"', null],
    ["gives up when the words index would split a word", "dosa*", null],
    ["gives up when nothing is long enough", "ab c", null],
  ])("%s: %j", (_rule, query, expression) => {
    expect(wholeWordsExpression(query)).toBe(expression);
  });
});

describe("ftsMatchExpression", () => {
  it.each([
    ["quotes every word of three or more characters", "masala dosa", '"masala" "dosa"'],
    ["quotes every word of three or more characters", "iry", '"iry"'],
    ["keeps FTS syntax as plain text", 'dosa" OR "xyz', '"dosa""" """xyz"'],
    ["keeps FTS syntax as plain text", "chai AND NOT coffee", '"chai" "AND" "NOT" "coffee"'],
    ["keeps FTS syntax as plain text", "NEAR(chai tea)", '"NEAR(chai" "tea)"'],
    ["keeps FTS syntax as plain text", "-spicy* name:momos", '"-spicy*" "name:momos"'],
    ["drops words too short for the trigram index", "a dosa", '"dosa"'],
    ["is null when no word is left", "ab", null],
    ["is null when no word is left", "", null],
  ])("%s: %j", (_rule, query, expression) => {
    expect(ftsMatchExpression(query)).toBe(expression);
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("normaliseCategory", () => {
  it.each([
    ["💎 Hidden   Gem ", "hidden gem"],
    ["🔥Trending Now", "trending now"],
    ["👨‍👩‍👧 Family Friendly", "family friendly"],
  ])("strips emojis, collapses whitespace, lower-cases: %j", (category, normalised) => {
    expect(normaliseCategory(category)).toBe(normalised);
  });
});

describe("price and walking time", () => {
  it("shows ₹ with the Cheap tag, else ₹₹", () => {
    expect(priceRange(["Cheap", "Spicy"])).toBe("₹");
    expect(priceRange(["Spicy"])).toBe("₹₹");
  });
});

describe("shopsFoundLabel", () => {
  it.each([
    ["uses the spec's text for exact counts", 0, false, "0 shops found"],
    ["uses the spec's text for exact counts", 1, false, "1 shop found"],
    ["uses the spec's text for exact counts", SEARCH_MATCH_CAP, false, "1000 shops found"],
    ["shows a capped count as a lower bound", SEARCH_MATCH_CAP, true, "1,000+ shops found"],
  ])("%s: %i (capped: %s)", (_rule, count, capped, label) => {
    expect(shopsFoundLabel(count, capped)).toBe(label);
  });
});

describe("termsMatchExpression and termsWholeWordsExpression", () => {
  it.each([
    [
      "requires every term, by any of its alternatives, each quoted",
      termsMatchExpression,
      [["golgapa", "pani puri", 'say "hi"'], ["chandni"]],
      '("golgapa" OR "pani puri" OR "say ""hi""") AND "chandni"',
    ],
    [
      "drops alternatives too short for trigrams, terms left with none, and alternatives holding another",
      termsMatchExpression,
      [["momos", "momo"], ["ka"], ["tea", "chai"]],
      '"momo" AND ("tea" OR "chai")',
    ],
    ["is null when no term is left", termsMatchExpression, [["ka", "ab"]], null],
    ["is null when no term is left", termsMatchExpression, [], null],
    [
      "asks a phrase with a word under three letters for its longer words, each anywhere",
      termsMatchExpression,
      [["pani puri", "pani ka batasa"], ["chole ka bhatura ki dukan"]],
      '("pani puri" OR ("pani" AND "batasa")) AND ("chole" AND "bhatura" AND "dukan")',
    ],
    [
      "asks a phrase with a word under three letters for its longer words, each anywhere",
      termsMatchExpression,
      [["a1 masala dosa"], ["ek do"]],
      '"masala dosa" AND "ek do"',
    ],
    [
      "keeps whole words and phrases of them",
      termsWholeWordsExpression,
      [["momos", "momo"], ["pani puri"]],
      '("momos" OR "momo") AND "pani puri"',
    ],
    [
      "is null when a term has no alternative that is a whole word",
      termsWholeWordsExpression,
      [["raju's"], ["chai"]],
      null,
    ],
    [
      "keeps the alternative that is a whole word",
      termsWholeWordsExpression,
      [["raju's", "rajus"], ["chai"]],
      '"rajus" AND "chai"',
    ],
  ])("%s (%o)", (_rule, expressionOf, terms, expression) => {
    expect(expressionOf(terms)).toBe(expression);
  });
});

describe("eitherExpression", () => {
  it.each([
    ['"a1"', '"b1"', '("a1") OR ("b1")'],
    ['"same"', '"same"', '"same"'],
    [null, '"b1"', '"b1"'],
    [null, null, null],
  ])("matches either expression, or the one there is: %j, %j", (a, b, either) => {
    expect(eitherExpression(a, b)).toBe(either);
  });
});

describe("typedWordsImplyTerms", () => {
  it.each([
    [
      "each term has an alternative inside a typed word",
      "Masala Dosa",
      [["masala"], ["dosa", "dosai"]],
      true,
    ],
    ["each term has an alternative inside a typed word", "samosas", [["samosa", "singara"]], true],
    ["a term is spelt otherwise than typed", "golgappe", [["golgapa", "puchka"]], false],
    ["no term can be searched", "ka", [["ka"]], false],
  ])("%s: %j", (_when, typed, terms, implied) => {
    expect(typedWordsImplyTerms(typed, terms)).toBe(implied);
  });
});
