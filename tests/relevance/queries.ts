// The relevance table: what people type, in either script, misspelled, by another name or in the plural, with
// the stalls of stalls.ts (by id, without the `rel-` prefix) that a person expects among the first five results.
// Three kinds are the everyday spelling variants of issue 34: "vowel" (vowel length, doubled letters, -ey/-ie
// endings, an i that moved), "aspirate" (an h dropped or added, ड़ written d or r) and "nukta" (Devanagari with
// and without the nukta, anusvara or chandrabindu).
// scripts/bench-relevance.ts and tests/integration/search-relevance.test.ts measure search against it.

import { hasDevanagari } from "~/lib/rules/transliterate";

export type QueryKind =
  | "roman"
  | "devanagari"
  | "misspelled"
  | "alias"
  | "plural"
  | "vowel"
  | "aspirate"
  | "nukta";

/** The script a query is written in: the figures are given per script too. */
export const queryScript = (query: string) => (hasDevanagari(query) ? "devanagari" : "roman");

export interface RelevanceQuery {
  query: string;
  kind: QueryKind;
  expected: string[];
}

const PANI_PURI = [
  "golgappe-sharma",
  "panipuri-point",
  "puchka-kolkata",
  "golgappe-devanagari",
  "gupchup-express",
];
const CHAI = ["chai-tapri", "chai-devanagari", "nilgiri-tea"];
const SAMOSA = ["samosa-raju", "samosa-devanagari", "chai-devanagari"];
const DOSA = ["dosa-camp", "dosa-devanagari"];
const IDLI = ["idli-mane", "filter-coffee"];
const CHOLE = ["chole-bhature", "chole-devanagari"];
const BIRYANI = ["biryani-meghana", "biryani-devanagari"];
const MOMOS = ["momos-dolma", "momos-devanagari"];
const JALEBI = ["jalebi-old", "samosa-devanagari", "poha-indori"];
const LASSI = ["lassi-amritsari", "chole-bhature"];
const PARATHA = ["paratha-gali", "kathi-roll"];
const KACHORI = ["kachori-rawat", "samosa-raju"];
const KEBAB = ["kebab-galouti", "kathi-roll"];
const CHAAT = [
  "chaat-devanagari",
  "golgappe-sharma",
  "panipuri-point",
  "puchka-kolkata",
  "golgappe-devanagari",
  "gupchup-express",
  "bhel-juhu",
];

const q = (kind: QueryKind, expected: string[], ...queries: string[]): RelevanceQuery[] =>
  queries.map((query) => ({ query, kind, expected }));

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Pani puri by every name and spelling: the issue's own example.
  ...q("roman", PANI_PURI, "golgappa", "golgappe", "gol gappa", "pani puri"),
  ...q("alias", PANI_PURI, "puchka", "gupchup", "panipuri", "phuchka", "gol gappe"),
  ...q("devanagari", PANI_PURI, "गोलगप्पे", "गोलगप्पा", "पानी पूरी"),
  ...q("misspelled", PANI_PURI, "golgapa", "golguppa", "paani puri"),
  ...q("plural", PANI_PURI, "golgappas", "puchkas"),
  // Tea.
  ...q("roman", CHAI, "chai"),
  ...q("alias", CHAI, "tea"),
  ...q("devanagari", CHAI, "चाय"),
  ...q("misspelled", CHAI, "chaai"),
  ...q("plural", CHAI, "chais"),
  ...q("roman", ["chai-tapri"], "cutting chai", "bun maska"),
  ...q("roman", ["nilgiri-tea"], "masala tea"),
  ...q("roman", ["filter-coffee"], "filter coffee", "coffee"),
  ...q("alias", ["filter-coffee"], "kaapi"),
  // Samosa.
  ...q("roman", SAMOSA, "samosa"),
  ...q("devanagari", SAMOSA, "समोसा", "समोसे"),
  ...q("misspelled", SAMOSA, "samosaa", "samsoa"),
  ...q("plural", SAMOSA, "samosas"),
  // South Indian.
  ...q("roman", DOSA, "dosa", "masala dosa"),
  ...q("devanagari", DOSA, "डोसा"),
  ...q("misspelled", DOSA, "dossa"),
  ...q("plural", DOSA, "dosas"),
  ...q("alias", DOSA, "dosai"),
  ...q("roman", ["dosa-devanagari"], "dosa plaza"),
  ...q("alias", ["dosa-devanagari"], "uthappam"),
  ...q("roman", IDLI, "idli"),
  ...q("devanagari", IDLI, "इडली"),
  ...q("misspelled", IDLI, "idly"),
  ...q("plural", IDLI, "idlis"),
  ...q("roman", ["idli-mane", "vada-pav"], "vada"),
  ...q("roman", ["idli-mane"], "medu vada", "sambar"),
  ...q("alias", ["idli-mane"], "sambhar"),
  ...q("roman", ["bonda-mysore"], "bonda"),
  // Mumbai snacks.
  ...q("roman", ["vada-pav"], "vada pav"),
  ...q("devanagari", ["vada-pav"], "वड़ा पाव"),
  ...q("alias", ["vada-pav"], "vadapav", "batata vada"),
  ...q("roman", ["pav-bhaji"], "pav bhaji"),
  ...q("devanagari", ["pav-bhaji"], "पाव भाजी"),
  ...q("misspelled", ["pav-bhaji"], "pao bhaji"),
  ...q("roman", ["bhel-juhu"], "bhel puri"),
  ...q("alias", ["bhel-juhu"], "bhelpuri"),
  ...q("roman", ["dabeli-kutchi"], "dabeli"),
  // North Indian.
  ...q("roman", CHOLE, "chole bhature"),
  ...q("devanagari", CHOLE, "छोले भटूरे"),
  ...q("misspelled", CHOLE, "chhole bhature", "chole bhatura"),
  ...q("roman", BIRYANI, "biryani"),
  ...q("devanagari", BIRYANI, "बिरयानी"),
  ...q("misspelled", BIRYANI, "biriyani", "biryaani", "biryni"),
  ...q("roman", ["biryani-meghana"], "chicken biryani"),
  ...q("roman", MOMOS, "momos", "momo"),
  ...q("devanagari", MOMOS, "मोमोज़", "मोमो"),
  ...q("roman", ["momos-dolma"], "thukpa"),
  ...q("roman", ["kathi-roll"], "kathi roll"),
  ...q("plural", ["kathi-roll"], "kathi rolls"),
  ...q("roman", JALEBI, "jalebi"),
  ...q("devanagari", JALEBI, "जलेबी"),
  ...q("misspelled", JALEBI, "jalebee"),
  ...q("plural", JALEBI, "jalebis"),
  ...q("roman", ["kulfi-roshan"], "kulfi", "rabri"),
  ...q("devanagari", ["kulfi-roshan"], "कुल्फी"),
  ...q("misspelled", ["kulfi-roshan"], "kulfee"),
  ...q("alias", ["kulfi-roshan"], "rabdi"),
  ...q("roman", LASSI, "lassi"),
  ...q("devanagari", LASSI, "लस्सी"),
  ...q("misspelled", LASSI, "lasi"),
  ...q("roman", ["lassi-amritsari"], "chaas"),
  ...q("alias", ["lassi-amritsari"], "buttermilk", "छाछ"),
  ...q("roman", PARATHA, "paratha"),
  ...q("alias", PARATHA, "parantha", "पराठा"),
  ...q("plural", PARATHA, "parathas"),
  ...q("roman", ["pakoda-junction"], "pakoda"),
  ...q("alias", ["pakoda-junction"], "pakora", "bhajiya", "पकौड़ा"),
  ...q("plural", ["pakoda-junction"], "pakodas"),
  ...q("roman", KACHORI, "kachori"),
  ...q("devanagari", KACHORI, "कचौड़ी"),
  ...q("misspelled", KACHORI, "kachauri"),
  ...q("plural", KACHORI, "kachoris"),
  ...q("roman", ["poha-indori"], "poha"),
  ...q("roman", ["paneer-tikka"], "paneer tikka"),
  ...q("devanagari", ["paneer-tikka"], "पनीर टिक्का"),
  ...q("roman", ["litti-chokha"], "litti chokha"),
  ...q("roman", ["ganne-ras"], "sugarcane juice", "ganne ka ras"),
  ...q("devanagari", ["ganne-ras"], "गन्ने का रस"),
  ...q("roman", ["shikanji"], "shikanji"),
  ...q("alias", ["shikanji"], "nimbu pani", "शिकंजी"),
  ...q("roman", KEBAB, "kebab"),
  ...q("misspelled", KEBAB, "kabab"),
  ...q("plural", KEBAB, "kebabs"),
  ...q("devanagari", KEBAB, "कबाब"),
  ...q("roman", ["egg-bhurji"], "egg bhurji"),
  ...q("alias", ["egg-bhurji", "kathi-roll"], "anda"),
  ...q("roman", CHAAT, "chaat"),
  ...q("devanagari", CHAAT, "चाट"),
  ...q("roman", ["golgappe-devanagari"], "golgappe chandni chowk"),
  // Issue 34: vowels and doubled letters.
  ...q("roman", ["maggi-point"], "maggi", "cheese maggi"),
  ...q("vowel", ["maggi-point"], "maggie", "maggy", "magi", "masala maggie"),
  ...q("vowel", ["maggi-point"], "मैगी", "मैग्गी"),
  ...q("vowel", DOSA, "dosey", "dosay", "dossey"),
  ...q("vowel", ["dosa-camp", "dosa-devanagari"], "masala dosey"),
  ...q("vowel", BIRYANI, "briyani", "biryanee", "biriyaani", "बिरियानी", "बिरयाणी"),
  ...q("vowel", ["kulche-junction"], "kulchey", "kulchay", "chole kulchey", "छोले कुलचे", "कुल्चा"),
  ...q("vowel", ["falooda-devanagari", "kulfi-roshan"], "faluda", "falooda", "फलूदा"),
  ...q("vowel", ["sabudana-khichdi"], "saboodana", "sabudaana khichdee", "साबूदाना", "साबुदाना खिचड़ी"),
  ...q("vowel", ["kachori-rawat"], "piyaz kachori", "piaz kachori", "pyaj kachori", "प्याज़ कचौरी"),
  ...q("vowel", ["pakoda-junction"], "bhajia", "bhajji"),
  ...q("vowel", ["makhan-malai"], "doulat ki chaat", "makhan malaai", "दौलत की चाट"),
  ...q("vowel", ["bhutta-cubbon"], "bhuttaa", "bhuta", "भुट्टा"),
  ...q("vowel", CHOLE, "chole bhaturey", "cholay bhaturay"),
  ...q("vowel", ["shawarma-express"], "shawarmaa", "shavarma", "शावरमा"),
  ...q("vowel", ["phirni-wala"], "firnee", "shahee tukda", "फिरनी"),
  // An h dropped or added.
  ...q("aspirate", ["egg-bhurji"], "burji", "anda burji", "egg bhurjee", "अंडा बुर्जी"),
  ...q("aspirate", ["dhokla-house"], "dokla", "dhokhla", "kaman dhokla", "ढोकला", "खमन डोकला"),
  ...q("aspirate", ["ghevar-bhandar"], "gevar", "ghewar", "घेवर"),
  ...q("aspirate", ["momos-dolma"], "tukpa", "thookpa"),
  ...q("aspirate", ["kulche-junction"], "chole kulche", "cholle kulche"),
  ...q("aspirate", ["makhan-malai"], "makkhan malai", "makhhan malai", "मक्खन मलाई"),
  ...q("aspirate", ["bhutta-cubbon"], "butta", "masala buttha"),
  ...q("aspirate", ["sabudana-khichdi"], "sabudana kichdi", "khichri"),
  ...q("aspirate", ["kadhi-devanagari"], "kadhi chawal", "kadi chawal", "karhi chawal", "कडी चावल"),
  ...q("aspirate", ["phirni-wala"], "phirni", "shahi tukra", "shai tukda"),
  ...q("aspirate", ["pav-bhaji"], "pav baji", "पाव बाजी"),
  ...q("aspirate", ["bhel-juhu"], "bel puri"),
  ...q("aspirate", ["paratha-gali", "kathi-roll"], "paratta", "prantha"),
  // Devanagari with and without the nukta, anusvara or chandrabindu; ड़ as people write it in Roman letters.
  ...q("nukta", ["falooda-devanagari", "kulfi-roshan"], "फालूदा", "फ़ालूदा"),
  ...q("nukta", ["falooda-devanagari"], "रबडी फालूदा", "rabri falooda"),
  ...q("nukta", ["jhalmuri-devanagari", "puchka-kolkata"], "झालमुड़ी", "झालमुडी", "jhalmudi", "jhaalmuri"),
  ...q("nukta", ["kadhi-devanagari"], "कढ़ी चावल", "कढी चावल"),
  ...q("nukta", ["pakoda-junction"], "पकौडा", "पकोड़े"),
  ...q("nukta", ["chaat-devanagari"], "पापडी चाट", "papri chaat", "papdi chaat"),
  ...q("nukta", ["kulhad-chai"], "कुल्हड़ चाय", "कुल्हड चाय", "kulhar chai"),
  ...q("nukta", ["zaika-devanagari"], "ज़ायका", "जायका", "zaika", "zayka"),
  ...q("nukta", MOMOS, "मोमोज"),
  ...q("nukta", ["chilla-devanagari"], "मूंग दाल चीला", "मूँग दाल चीला", "moong dal chilla", "mung dal cheela"),
  ...q("nukta", ["phirni-wala"], "फ़िरनी", "शाही टुकड़ा", "शाही टुकडा"),
  ...q("nukta", ["sabudana-khichdi"], "खिचडी", "साबूदाना खिचड़ी"),
  ...q("nukta", ["kachori-rawat"], "प्याज कचौड़ी", "कचौडी"),
];
