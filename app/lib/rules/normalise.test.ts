import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looseKey, searchKeys } from "~/lib/rules/normalise";

describe("looseKey", () => {
  it("makes the issue's four spellings of golgappa meet, word for word", () => {
    expect(looseKey("golgappa")).toBe("golgapa");
    expect(looseKey("Golgappe")).toBe("golgapa");
    expect(looseKey("गोलगप्पे")).toBe("golgapa");
    // Written apart, each half is a substring of the word written together (the index matches substrings).
    expect(looseKey("gol gappa")).toBe("gol gapa");
  });

  it.each([
    ["case and diacritics", "Crème BRÛLÉE", "krema bruli"],
    ["doubled letters and aa", "Paani Puri", "pani puri"],
    ["ee/i", "Jalebee", "jalebi"],
    ["oo/u", "Poori", "puri"],
    ["w/v", "Wada Pav", "vada pav"],
    ["sh/s", "Shikanji", "sikanji"],
    ["ph/f", "Phuchka", "fuchka"],
    ["final e/a", "chole", "chola"],
    ["final y/i", "idly", "idli"],
    ["au/o", "kachauri", "kachori"],
    ["z/j", "zarda", "jarda"],
    ["c/k", "coffee", "kofi"],
    ["punctuation and apostrophes", "Raju's  chaat-corner!", "rajus chat korner"],
  ])("folds %s", (_, text, key) => {
    expect(looseKey(text)).toBe(key);
  });

  it.each([
    ["samosas", "samosa"],
    ["dosas", "dosa"],
    ["idlis", "idli"],
    ["kebabs", "kebab"],
    ["sandwiches", "sandvich"],
    ["berries", "beri"],
    ["rolls", "rol"],
  ])("stems the English plural %s like its singular", (plural, stem) => {
    expect(looseKey(plural)).toBe(stem);
    expect(looseKey(plural)).toBe(looseKey(plural.replace(/(es|s)$/, "").replace(/ri$/, "rry")));
  });

  it("leaves short words and words that only look plural", () => {
    // Buttermilk is chaas, not more than one "cha"; "bus" and "glass" are one thing.
    expect(looseKey("chaas")).toBe("chas");
    expect(looseKey("khus")).toBe("khus");
    expect(looseKey("bus")).toBe("bus");
    expect(looseKey("glass")).toBe("glas");
    expect(looseKey("momos")).toBe("momo");
  });

  it("never folds a word below three letters, which trigrams could not find", () => {
    expect(looseKey("egg")).toBe("egg");
    expect(looseKey("Egg Roll")).toBe("egg rol");
  });

  it("keeps letters of other scripts and digits, and drops what is neither", () => {
    expect(looseKey("ದೋಸೆ 2")).toBe("ದೋಸೆ 2");
    expect(looseKey("😀 -- !!")).toBe("");
  });

  it("is idempotent and never throws, whatever the text (fast-check)", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom(..."अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह़ािीुूेैोौंँः्ॉ "),
        maxLength: 20,
      }),
      fc.string({ unit: fc.constantFrom(..."aeiouyhpswzqcklnrt "), maxLength: 20 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        const key = looseKey(value);
        expect(looseKey(key)).toBe(key);
        expect(key).toBe(key.trim());
      }),
      { numRuns: 2000 },
    );
  });
});

describe("searchKeys", () => {
  it("keys each column of the search document as the indexes hold it", () => {
    expect(
      searchKeys({
        name: "गोलगप्पे वाला",
        tags: ["Street Food"],
        discoveryTags: ["hidden gem"],
        menu: [{ item: "Pani Puri", description: "Six puris" }],
        category: "Chaat",
        description: "Crisp golgappe",
        location: "Chandni Chowk",
      }),
    ).toEqual({
      name: "golgapa vala",
      tags: "strit fud hiden gem",
      menu: "pani puri six puri",
      body: "chat krisp golgapa chandni chovk",
    });
  });
});
