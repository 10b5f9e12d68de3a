import { distance } from "fastest-levenshtein";
import { looseKey } from "./normalise";

// Dish aliases: golgappa = pani puri = puchka = पानी पूरी. A query naming a dish by any of its names searches
// for all of them (ADR 018).

export interface DishAlias {
  dish: string;
  alias: string;
}

/** A word or phrase searched for, with every other way of writing it; all of its words must match. */
export type QueryTerm = string[];

export interface AliasIndex {
  /** Loose key of an alias, spaces removed (pani puri and panipuri are one name) -> its dish's keys. */
  byKey: Map<string, string[]>;
  /** The longest alias, in words. */
  longest: number;
}

const compact = (key: string) => key.replaceAll(" ", "");

/** `keyOf` may answer from a cache of loose keys: the index is rebuilt each time the aliases are read again. */
export function aliasIndex(
  aliases: readonly DishAlias[],
  keyOf: (name: string) => string = looseKey,
): AliasIndex {
  const keysByDish = new Map<string, Set<string>>();
  for (const { dish, alias } of aliases) {
    const keys = keysByDish.get(dish) ?? new Set<string>();
    for (const name of [dish, alias]) {
      const key = keyOf(name);
      if (!key) continue;
      keys.add(key);
      keys.add(compact(key));
    }
    keysByDish.set(dish, keys);
  }
  const byKey = new Map<string, string[]>();
  let longest = 1;
  for (const keys of keysByDish.values()) {
    const all = [...keys];
    for (const key of all) {
      byKey.set(compact(key), [...new Set([...(byKey.get(compact(key)) ?? []), ...all])]);
      longest = Math.max(longest, key.split(" ").length);
    }
  }
  return { byKey, longest };
}

/**
 * The query as terms, each a list of alternatives: a run of words that names a dish becomes every name of that
 * dish (longest run first, left to right); any other word stands for itself. Built on the loose key.
 */
export function expandQuery(query: string, index: AliasIndex): QueryTerm[] {
  const words = looseKey(query).split(" ").filter(Boolean);
  const terms: QueryTerm[] = [];
  for (let start = 0; start < words.length; ) {
    let matched = false;
    for (let length = Math.min(index.longest, words.length - start); length > 0; length--) {
      const names = index.byKey.get(words.slice(start, start + length).join(""));
      if (names) {
        terms.push(names);
        start += length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      terms.push([words[start] as string]);
      start++;
    }
  }
  return terms;
}

/** How far a word may be from the one suggested: one letter in four-letter words, two up to eight, then three. */
const tolerance = (word: string) => (word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);

/**
 * "Did you mean": each word of the query not in the vocabulary replaced by the closest word that is, when one is
 * close enough; null when no word changes. Vocabulary words are given as written (shown to people); they are
 * compared by their loose keys.
 */
export function closestQuery(query: string, vocabulary: readonly string[]): string | null {
  const written = new Map<string, string>();
  for (const term of vocabulary) {
    for (const word of term.split(/\s+/)) {
      const key = looseKey(word);
      if (key.length >= 3 && !written.has(key)) written.set(key, word.toLowerCase());
    }
  }
  const keys = [...written.keys()];
  let changed = false;
  const words = looseKey(query)
    .split(" ")
    .filter(Boolean)
    .map((word) => {
      if (written.has(word) || word.length < 3) return written.get(word) ?? word;
      let best: string | null = null;
      let bestDistance = tolerance(word) + 1;
      for (const key of keys) {
        const d = distance(word, key);
        if (d < bestDistance) [best, bestDistance] = [key, d];
      }
      if (!best) return word;
      changed = true;
      return written.get(best) as string;
    });
  return changed ? words.join(" ") : null;
}
