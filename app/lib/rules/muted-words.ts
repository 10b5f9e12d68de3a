// Muted words (issue 33 §1, ADR 048): a member's short list of words that hide feed posts and comments containing
// them. A word matches a whole word of the text: Roman letters without regard to case, Devanagari exactly as written
// (it has no case, and its vowel signs and virama are part of the word).

/** How many words one person may mute, and how long one may be. */
export const MUTED_WORDS_MAX = 20;
export const MUTED_WORD_MAX_LENGTH = 40;

/** Letters with their combining marks (Devanagari's matras, nukta, virama) and digits: what a word is made of. */
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;

/** A word as it is stored and compared: trimmed, Roman letters in lower case. */
export const normaliseMutedWord = (word: string) => word.trim().toLowerCase();

/** Whether a word as typed is one whole word (what the list can hold). */
export const isOneWord = (word: string) => {
  const words = normaliseMutedWord(word).match(WORD);
  return words?.length === 1 && words[0] === normaliseMutedWord(word);
};

/** Whether `text` contains one of the (normalised) muted words as a whole word. */
export function containsMutedWord(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const muted = new Set(words);
  return (text.toLowerCase().match(WORD) ?? []).some((word) => muted.has(word));
}
