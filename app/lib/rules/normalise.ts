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
  // The aspirate h, dropped or added as often as written (bhurji, burji; dhokla, dokhla; thukpa, tukpa); ch stays
  // (chai is not kai), and chh is ch once doubled letters are one.
  [/([bdgjktr])h/g, "$1"],
  [/ee/g, "i"],
  [/oo/g, "u"],
  [/au|ou/g, "o"],
  // Doubled letters (aa, pp, ss...) as one.
  [/([a-z])\1+/g, "$1"],
  // Endings people write for the same vowel: maggie, maggi; dosey, dose; kulchay, kulche (but chay is chai).
  [/ie$/g, "i"],
  [/ey$/g, "e"],
  [/(?<=[a-z]{3})ay$/g, "e"],
  // A final e is said a (golgappe, golgappa), a final y i (chay, chai; idly, idli).
  [/([a-z])e$/g, "$1a"],
  [/([a-z])y$/g, "$1i"],
  // The glide between i and a vowel, and an i on either side of r before it: piyaz, piaz, pyaz; bhajiya, bhajia;
  // biryani, briyani, biriyani (as biryani, so that "iry" still finds it); ज़ायका is jayka, zaika.
  [/ay(?=[^aeiou])/g, "ai"],
  [/([^aeiou])iy?(?=[aou])/g, "$1y"],
  [/^([^aeiou])ry(?=[aeiou])/g, "$1iry"],
  // The a many do not write at the start of paratha and its kin: parantha, prantha; parotta, protta. Only after p:
  // after any consonant it would also take the a of vada once its d is r (vara), and of garam and karela.
  [/^par(?=[aeiou])/g, "pr"],
  // ड़ and ढ़ are said r and written d as often (pakoda, pakora; papdi, papri; kulhad, kulhar): a d where they can
  // stand (after a vowel or a consonant other than n, l, r or d; before a vowel or at the end) is r.
  [/(?<=[abce-kmo-qs-z])d(?=[aeiou]|$)/g, "r"],
];

/** Words that end in s but are not plurals: chaas (buttermilk, not more than one "cha"), ananas, glass. */
const NOT_PLURAL = new Set(["chas", "anas", "glas"]);

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

/**
 * The version of the folds above, kept with each stall's keys: when the folds change it moves on, and the
 * scheduled job rewrites the keys of every stall keyed by an older version (ADR 036). 2: issue 34's variants.
 */
export const SEARCH_KEYS_VERSION = 2;

/** The loose keys of a stall's search document, column by column as the indexes hold it (ADR 006, 018). */
export interface SearchKeys {
  name: string;
  tags: string;
  menu: string;
  body: string;
  /** SEARCH_KEYS_VERSION when written; absent from keys written before versions were kept (version 1). */
  version?: number;
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
    version: SEARCH_KEYS_VERSION,
  };
}
