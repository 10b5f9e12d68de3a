// Search input rules: queries are trimmed and whitespace-collapsed; FTS5 syntax typed by people
// (quotes, *, -, NEAR, parentheses, column filters) is never interpreted, only searched for as text.

export const MAX_QUERY_LENGTH = 100;
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 5;
/** The trigram index finds substrings of at least this many characters; shorter queries use a LIKE fallback. */
export const TRIGRAM_LENGTH = 3;

/** Search counts and ranks at most this many matches; more show as "1,000+" (ADR 006). */
export const SEARCH_MATCH_CAP = 1000;

/** The 8 menu words: suggestions offer them beside tags and discovery labels, and the tag counts count the shops
 * serving each. */
export const MENU_WORDS = [
  "tea",
  "coffee",
  "samosa",
  "dosa",
  "biryani",
  "momos",
  "sandwich",
  "burger",
] as const;

/** These tags are always flagged trending (the flame icon) in Related Tags. */
export const TRENDING_TAGS = ["Coffee", "Street Food", "Cheap", "Vegetarian"] as const;
export const TRENDING_DISCOVERY_TAGS = ["trending now", "popular spot", "budget friendly"] as const;
/** A menu-item tag is trending when more than this many shops serve it. */
export const MENU_TAG_TRENDING_SHOPS = 2;

/** What no query searches for: control characters (a NUL ends an FTS5 string: 500), direction overrides and
 * half a surrogate pair (a cut emoji, which encodeURIComponent refuses while the page renders: 500). */
const UNSEARCHABLE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/gu;
const LONE_SURROGATE = /\p{Cs}/gu;

export function normaliseQuery(text: string): string {
  return (
    text
      .replace(UNSEARCHABLE, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_QUERY_LENGTH)
      // The cut can fall inside an emoji: its first half goes too.
      .replace(LONE_SURROGATE, "")
      .trim()
  );
}

/** The words the indexes search for: those of 3+ characters (shorter ones are too short for a trigram). */
function indexedWords(query: string): string[] {
  return normaliseQuery(query)
    .split(" ")
    .filter((word) => [...word].length >= TRIGRAM_LENGTH);
}

/**
 * An FTS5 MATCH expression for the query: each word of 3+ characters becomes a quoted string (a quote inside
 * is doubled), and all must match. Null when no word is long enough for the trigram index.
 */
export function ftsMatchExpression(query: string): string | null {
  const words = indexedWords(query);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replace(/"/g, '""')}"`).join(" ");
}

/** What the words index (stall_words_fts) keeps together as one word: letters, digits and marks. */
const WHOLE_WORD = /^[\p{L}\p{N}\p{M}\p{Co}]+$/u;

/**
 * The same words as ftsMatchExpression, for the words index. Null when one of them is not a single word there
 * (it holds an apostrophe, a hyphen, ...): that index would split it and match text that does not hold it.
 */
export function wholeWordsExpression(query: string): string | null {
  const words = indexedWords(query);
  if (words.length === 0 || !words.every((word) => WHOLE_WORD.test(word))) return null;
  return words.map((word) => `"${word}"`).join(" ");
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Alternatives long enough for the trigram index, without any that holds another (it could only match less). */
function trigramAlternatives(alternatives: readonly string[]): string[] {
  const long = [...new Set(alternatives)].filter((text) => [...text].length >= TRIGRAM_LENGTH);
  return long.filter((text) => !long.some((other) => other !== text && text.includes(other)));
}

/**
 * One alternative for the trigram index. A phrase with a word under three letters in it ("pani ka batasa") asks
 * for its longer words, each anywhere: the trigrams around a short word (" ka", "ka ", "a b") are in most stalls,
 * and FTS5 reads every trigram's whole list to check a phrase, so that one phrase cost more than the rest of a
 * search (ADR 044). The short word could not be searched on its own either (ftsMatchExpression drops it).
 */
function trigramAlternative(text: string): string {
  const runs = text
    .split(/ *(?<![^ ])[^ ]{1,2}(?![^ ]) */u)
    .map((run) => run.trim())
    .filter((run) => [...run].length >= TRIGRAM_LENGTH);
  return runs.length > 1 ? `(${runs.map(quoted).join(" AND ")})` : quoted(runs[0] ?? text);
}

const anyOf = (alternatives: string[], quote: (text: string) => string = quoted) =>
  alternatives.length === 1 ? quote(alternatives[0] as string) : `(${alternatives.map(quote).join(" OR ")})`;

/**
 * The MATCH expression for a query expanded into terms (each a list of alternatives, see expandQuery): every term
 * must match, by any of its alternatives; a term none of whose alternatives reaches three characters is left
 * out. Null when no term is left.
 */
export function termsMatchExpression(terms: readonly (readonly string[])[]): string | null {
  const parts = terms.map(trigramAlternatives).filter((alternatives) => alternatives.length > 0);
  return parts.length === 0 ? null : parts.map((part) => anyOf(part, trigramAlternative)).join(" AND ");
}

/** The same for the words index, from alternatives that are whole words there (or phrases of them). Null when a
 * term has none: that index would split it and match text that does not hold it. */
export function termsWholeWordsExpression(terms: readonly (readonly string[])[]): string | null {
  const parts: string[][] = [];
  for (const alternatives of terms) {
    const long = [...new Set(alternatives)].filter((text) => [...text].length >= TRIGRAM_LENGTH);
    if (long.length === 0) continue;
    const whole = long.filter((text) => text.split(" ").every((word) => WHOLE_WORD.test(word)));
    if (whole.length === 0) return null;
    parts.push(whole);
  }
  return parts.length === 0 ? null : parts.map((part) => anyOf(part)).join(" AND ");
}

/**
 * Whether every stall holding all of the query's words as typed also matches the terms: each term has an
 * alternative inside one of those words (the index matches substrings). The typed words' own expression then
 * adds nothing but work.
 */
export function typedWordsImplyTerms(query: string, terms: readonly (readonly string[])[]): boolean {
  const words = indexedWords(query).map((word) => word.toLowerCase());
  const searchable = terms.map(trigramAlternatives).filter((alternatives) => alternatives.length > 0);
  return (
    searchable.length > 0 &&
    searchable.every((alternatives) => alternatives.some((text) => words.some((word) => word.includes(text))))
  );
}

/** Either expression matching: the loose keys' or the text's as typed (for stalls indexed by their text). */
export function eitherExpression(a: string | null, b: string | null): string | null {
  if (!a || !b || a === b) return a ?? b;
  return `(${a}) OR (${b})`;
}

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards escaped (use ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Category names from the grid, made into a query: emojis stripped, text normalised, whitespace collapsed and
 * trimmed, lower-cased. */
export function normaliseCategory(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The results' heading: the spec's '{n} shop(s) found', or "1,000+ shops found" past the cap. */
export function shopsFoundLabel(total: number, capped: boolean): string {
  if (capped) return `${total.toLocaleString("en-IN")}+ shops found`;
  return `${total} ${total === 1 ? "shop" : "shops"} found`;
}

/** Price range shown on results: ₹ with the Cheap tag, else ₹₹. */
export function priceRange(tags: readonly string[]): "₹" | "₹₹" {
  return tags.includes("Cheap") ? "₹" : "₹₹";
}
