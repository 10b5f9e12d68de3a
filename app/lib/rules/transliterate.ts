import Sanscript from "@indic-transliteration/sanscript";

// Devanagari to Roman letters as people type Hindi food words: Sanscript's ITRANS does the letters, and the
// inherent vowel that Hindi does not say is dropped first (Sanscript writes it everywhere: गोलगप्पे would be
// "golagappe", where everyone writes "golgappe").

const DEVANAGARI = /[\u0900-\u097F]/;
const DEVANAGARI_RUN = /[\u0900-\u097F\u200C\u200D]+/g;
const CONSONANT = /[\u0915-\u0939\u0958-\u095F\u0978-\u097F]/;
const VIRAMA = "\u094D";
const NUKTA = "\u093C";
const ANUSVARA = "\u0902";
const CHANDRABINDU = "\u0901";
/** Vowel signs (matras): a consonant followed by one says that vowel, not the inherent a. */
const VOWEL_SIGN = /[\u093A\u093B\u093E-\u094C\u094E\u094F\u0955-\u0957\u0962\u0963]/;
const INDEPENDENT_VOWEL = /[\u0904-\u0914\u0960\u0961\u0972-\u0977]/;
/** Before these the anusvara sounds "m" (चंपा champa), elsewhere "n" (पंजाबी panjabi). */
const LABIAL = /[पफबभम]/;

interface Syllable {
  consonant: string;
  /** The vowel sign, virama or "" for the inherent a; for an independent vowel, the vowel itself. */
  vowel: string;
  /** Anusvara, chandrabindu, visarga after it. */
  tail: string;
}

function syllables(word: string): Syllable[] {
  const out: Syllable[] = [];
  for (const char of word) {
    const last = out.at(-1);
    if (CONSONANT.test(char)) out.push({ consonant: char, vowel: "", tail: "" });
    else if (INDEPENDENT_VOWEL.test(char)) out.push({ consonant: "", vowel: char, tail: "" });
    else if (last && (VOWEL_SIGN.test(char) || char === VIRAMA) && last.consonant && !last.vowel)
      last.vowel = char;
    else if (last) last.tail += char;
    else out.push({ consonant: "", vowel: "", tail: char });
  }
  return out;
}

const saysVowel = (s: Syllable | undefined) =>
  Boolean(s && (s.consonant === "" ? s.vowel : s.vowel !== VIRAMA));

/**
 * Hindi schwa deletion, the usual rule: the inherent a goes at the end of a word (unless after a cluster, as in
 * पत्र patra) and inside it between a vowel and a consonant that says a vowel (V C a C V), taken right to left.
 */
function withoutSpokenlessSchwa(word: string): string {
  const parts = syllables(word);
  const inherent = (s: Syllable | undefined) => Boolean(s?.consonant && s.vowel === "" && !s.tail);
  for (let i = parts.length - 1; i > 0; i--) {
    const current = parts[i] as Syllable;
    if (!inherent(current)) continue;
    const before = parts[i - 1];
    if (i === parts.length - 1) {
      if (before?.vowel !== VIRAMA) current.vowel = VIRAMA;
    } else if (saysVowel(before) && saysVowel(parts[i + 1])) {
      current.vowel = VIRAMA;
    }
  }
  return parts
    .map((s, i) => {
      // The anusvara as the nasal it stands for; the chandrabindu too before a consonant, where people write it
      // (मूँग moong, like मूंग), and not at the end (माँ maa). The visarga is not written in Roman.
      const next = parts[i + 1]?.consonant ?? "";
      const nasal = LABIAL.test(next) ? "म्" : "न्";
      const tail = s.tail
        .replace(ANUSVARA, nasal)
        .replace(CHANDRABINDU, next ? nasal : "")
        .replace("\u0903", "");
      return s.consonant + s.vowel + tail;
    })
    .join("");
}

export const hasDevanagari = (text: string) => DEVANAGARI.test(text);

/** Devanagari runs in the text written in Roman letters (lower-case ITRANS); any other text is left as it is. */
export function devanagariToRoman(text: string): string {
  if (!hasDevanagari(text)) return text;
  return text.replace(DEVANAGARI_RUN, (run) => {
    // ड़ and ढ़ are said "r" but written "d" as often; ज़, फ़ and the rest lose the dot: z/j and f/ph meet later.
    // The English loan vowels (कॉफ़ी, कैफ़ॅ) as the nearest Hindi ones.
    const plain = run
      .normalize("NFD")
      .replaceAll(NUKTA, "")
      .replace(/[\u200C\u200D]/g, "")
      .replaceAll("\u0949", "\u094B")
      .replaceAll("\u0945", "\u0947");
    const words = plain.split(/(?=[\u0964\u0965])|(?<=[\u0964\u0965])/);
    const roman = Sanscript.t(words.map(withoutSpokenlessSchwa).join(""), "devanagari", "itrans");
    return roman.toLowerCase();
  });
}
