// This browser's own recent searches, kept in localStorage (never sent anywhere).
import { msg } from "~/lib/i18n/translate";

const KEY = "nukkad:recent-searches";
const LIMIT = 6;
/**
 * What Recent shows until this browser has searched for anything: the four searches the original app showed, as
 * examples in the page's language (translated where shown; a search the person made is shown as they typed it).
 */
export const EXAMPLE_SEARCHES = [msg("coffee"), msg("momos"), msg("biryani"), msg("dessert")];

/** This browser's recent searches, newest first; none before its first search. */
export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (Array.isArray(stored) && stored.every((item) => typeof item === "string") && stored.length > 0) {
      return stored.slice(0, LIMIT);
    }
  } catch {
    // Storage can be unavailable (private mode) or hold something else: the examples show instead.
  }
  return [];
}

export function rememberSearch(query: string): void {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    const previous = Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === "string")
      : [];
    const next = [query, ...previous.filter((item) => item.toLowerCase() !== query.toLowerCase())].slice(
      0,
      LIMIT,
    );
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Not remembering a search is harmless.
  }
}
