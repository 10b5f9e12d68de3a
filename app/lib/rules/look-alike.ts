// Duplicate detection for new stalls: two stalls are probably the same place when they stand within about 100 m
// of each other and their names look alike once the words every stall name shares are set aside.

/** How far apart two pins of the same stall can plausibly be: GPS drift plus "the corner" vs "the gate". */
export const LOOK_ALIKE_RADIUS_KM = 0.1;

// Words that say what a place is, not which one it is: "Sharma Chaat Corner" and "Sharma Chaat Stall" are alike.
const GENERIC_WORDS = new Set([
  "the",
  "and",
  "stall",
  "stalls",
  "shop",
  "corner",
  "centre",
  "center",
  "point",
  "wala",
  "wale",
  "walla",
  "waale",
  "bhandar",
  "food",
  "foods",
  "cart",
  "counter",
  "kiosk",
  "hotel",
  "cafe",
  "stand",
  "ji",
  "ki",
  "ka",
  "da",
  "di",
  "de",
  "new",
  "old",
  "famous",
  "original",
  "special",
]);

/** The distinctive part of a name: lower-case letters and digits of the words that are not generic. */
export function nameKey(name: string): string {
  const words = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  const distinctive = words.filter((word) => !GENERIC_WORDS.has(word));
  return (distinctive.length > 0 ? distinctive : words).join(" ");
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice similarity of the names' trigrams, 0 (nothing shared) to 1 (same distinctive words). */
export function nameSimilarity(a: string, b: string): number {
  const keyA = nameKey(a);
  const keyB = nameKey(b);
  if (keyA.length === 0 || keyB.length === 0) return 0;
  if (keyA === keyB) return 1;
  const gramsA = trigrams(keyA);
  const gramsB = trigrams(keyB);
  let shared = 0;
  for (const gram of gramsA) if (gramsB.has(gram)) shared++;
  return (2 * shared) / (gramsA.size + gramsB.size);
}

/** Alike when the distinctive words are mostly the same, or one name's are wholly inside the other's
 * ("Raju" and "Raju Momos"). */
export function namesLookAlike(a: string, b: string): boolean {
  const keyA = nameKey(a);
  const keyB = nameKey(b);
  if (keyA.length === 0 || keyB.length === 0) return false;
  const wordsA = keyA.split(" ");
  const wordsB = new Set(keyB.split(" "));
  const contained = wordsA.every((word) => wordsB.has(word)) || [...wordsB].every((w) => wordsA.includes(w));
  return contained || nameSimilarity(a, b) >= 0.5;
}
