import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looseKey, SEARCH_KEYS_VERSION, searchKeys } from "~/lib/rules/normalise";

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
    ["w/v", "Pav Wala", "pav vala"],
    ["sh/s", "Shikanji", "sikanji"],
    ["ph/f", "Phuchka", "fuchka"],
    ["bh/b and th/t", "Bhatura", "batura"],
    ["final e/a", "chole", "chola"],
    ["final y/i", "idly", "idli"],
    ["au/o", "kachauri", "kachori"],
    ["z/j", "zarda", "jarda"],
    ["c/k", "coffee", "kofi"],
    ["punctuation and apostrophes", "Raju's  chaat-corner!", "rajus chat korner"],
  ])("folds %s", (_, text, key) => {
    expect(looseKey(text)).toBe(key);
  });

  // Issue 34: the everyday variants that used to find nothing, each group meeting on one key from either script.
  it.each([
    ["-ie, -y and -i endings", ["maggi", "maggie", "maggy", "Maggii"]],
    ["-ey, -ay, -e and -a endings", ["dosa", "dosey", "dose", "डोसा", "डोसे"]],
    ["-ay for a final e, after three letters", ["kulche", "kulchey", "kulchay", "कुलचे"]],
    ["vowel length and doubled letters", ["sabudana", "saboodana", "sabudaana", "साबूदाना", "साबुदाना"]],
    ["an i that moved around r", ["biryani", "briyani", "biriyani", "biryaani", "बिरयानी", "बिरियानी"]],
    ["the glide of i before a vowel", ["pyaz", "piyaz", "piaz", "pyaaz", "प्याज़", "पियाज"]],
    ["ia and iya", ["bhajiya", "bhajia", "भजिया"]],
    ["ou and au", ["daulat", "doulat", "दौलत"]],
    ["ay before a consonant as ai", ["zaika", "zayka", "ज़ायका", "जायका"]],
  ])("makes vowel variants meet: %s", (_, spellings) => {
    const keys = new Set(spellings.map(looseKey));
    expect([...keys], spellings.join(", ")).toHaveLength(1);
  });

  it.each([
    ["bh", ["bhurji", "burji", "bhurjee", "भुर्जी", "बुर्जी"]],
    ["dh and an added kh", ["dhokla", "dokla", "dhokhla", "ढोकला", "डोकला"]],
    ["gh", ["ghevar", "gevar", "ghewar", "घेवर"]],
    ["th", ["thukpa", "tukpa", "थुकपा"]],
    ["kh doubled or not", ["makhan", "makkhan", "makhhan", "मक्खन", "मखन"]],
    ["chh", ["chhole", "chole", "छोले"]],
    ["a dropped after the first consonant", ["parantha", "prantha", "पराँठा"]],
  ])("makes a dropped or added h meet: %s", (_, spellings) => {
    const keys = new Set(spellings.map(looseKey));
    expect([...keys], spellings.join(", ")).toHaveLength(1);
  });

  it.each([
    ["फ़ and फ", ["फ़ालूदा", "फालूदा", "falooda", "faluda", "phaluda"]],
    ["ज़ and ज", ["मोमोज़", "मोमोज", "momoz", "momoj"]],
    ["ड़ as r or d", ["पापड़ी", "पापडी", "papdi", "papri"]],
    ["ढ़ as rh or dh", ["कढ़ी", "कढी", "kadhi", "karhi", "kadi"]],
    ["ड़ at the end", ["कुल्हड़", "कुल्हड", "kulhad", "kulhar"]],
    ["chandrabindu, anusvara or n", ["मूँग", "मूंग", "moong", "mung"]],
  ])("makes Devanagari with and without the nukta meet Roman letters: %s", (_, spellings) => {
    const keys = new Set(spellings.map(looseKey));
    expect([...keys], spellings.join(", ")).toHaveLength(1);
  });

  it("keeps apart what only looks alike: chai is not kai, idli and dosa keep their d, ch is not k", () => {
    expect(looseKey("chai")).toBe("chai");
    expect(looseKey("chay")).toBe("chai");
    expect(looseKey("idli")).toBe("idli");
    expect(looseKey("dosa")).toBe("dosa");
    expect(looseKey("haldi")).not.toBe(looseKey("halri"));
    expect(looseKey("chana")).not.toBe(looseKey("kana"));
  });

  it("keeps the common spelling's letters where a fragment is searched: 'iry' still finds every biryani", () => {
    for (const spelling of ["biryani", "briyani", "biriyani", "बिरयानी"])
      expect(looseKey(spelling)).toContain("iry");
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
    expect(looseKey("khus")).toBe("kus");
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
      tags: "strit fur hiren gem",
      menu: "pani puri six puri",
      body: "chat krisp golgapa chandni chovk",
      version: SEARCH_KEYS_VERSION,
    });
  });
});
