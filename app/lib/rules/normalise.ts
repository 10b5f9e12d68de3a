import { devanagariToRoman } from "./transliterate";

// The loose key: what the search index holds and what every query becomes (ADR 018), so that spellings people
// use for the same word meet: golgappa, golgappe, gol gappa and गोलगप्पे; samosas and samosa; chaai and chai.

/** Spelling variants folded together, in order; applied until nothing changes (so the key is idempotent). */
const FOLDS: [RegExp, string][] = [
  [/ph/g, "f"],
  [/sh/g, "s"],
  [/w/g, "v"],
  [/z/g, "j"],
  [/q/g, "k"],
  [/c(?!h)/g, "k"],
  [/ee/g, "i"],
  [/oo/g, "u"],
  [/au/g, "o"],
  // Doubled letters (aa, pp, ss...) as one.
  [/([a-z])\1+/g, "$1"],
  // A final e is said a (golgappe, golgappa), a final y i (chay, chai; idly, idli).
  [/([a-z])e\b/g, "$1a"],
  [/([a-z])y\b/g, "$1i"],
];

/** Words that end in s but are not plurals: chaas (buttermilk, not more than one "cha"), khus, ananas, glass. */
const NOT_PLURAL = new Set(["chas", "khus", "anas", "glas"]);

/** English plurals to their stem: samosas, dosas, idlis, rolls, kebabs; sandwiches; berries. */
function stem(word: string): string {
  if (word.length < 4 || NOT_PLURAL.has(word) || /\d/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|s)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function foldWord(word: string): string {
  let current = word;
  for (let pass = 0; pass < 8; pass++) {
    let next = current;
    for (const [pattern, replacement] of FOLDS) next = next.replace(pattern, replacement);
    next = stem(next);
    if (next === current) break;
    current = next;
  }
  // A word folded below three letters could no longer be searched (the index works in trigrams): egg stays egg.
  return [...current].length < 3 && [...word].length >= 3 ? word : current;
}

/**
 * The loose Roman key of any text: Devanagari transliterated, lower-cased, diacritics and punctuation dropped,
 * spelling variants folded, plurals stemmed, one space between words. Letters of other scripts are kept as
 * they are (lower-cased). Never throws; looseKey(looseKey(x)) === looseKey(x).
 */
export function looseKey(text: string): string {
  return (
    devanagariToRoman(text.normalize("NFKC"))
      .normalize("NFD")
      .toLowerCase()
      // Accents on Latin letters; the vowel signs of other scripts are letters' parts and stay.
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/['’`]/g, "")
      .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
      .trim()
      .split(" ")
      .filter(Boolean)
      .map(foldWord)
      .join(" ")
      .normalize("NFC")
  );
}

/** The loose keys of a stall's search document, column by column as the indexes hold it (ADR 006, 018). */
export interface SearchKeys {
  name: string;
  tags: string;
  menu: string;
  body: string;
}

export function searchKeys(stall: {
  name: string;
  tags: readonly string[];
  discoveryTags: readonly string[];
  menu: readonly { item: string; description?: string | null }[];
  category: string;
  description: string;
  location: string;
}): SearchKeys {
  return {
    name: looseKey(stall.name),
    tags: looseKey([...stall.tags, ...stall.discoveryTags].join(" ")),
    menu: looseKey(stall.menu.map((m) => `${m.item} ${m.description ?? ""}`).join(" ")),
    body: looseKey(`${stall.category} ${stall.description} ${stall.location}`),
  };
}
