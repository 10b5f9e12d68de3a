import { msg, type Translate } from "~/lib/i18n/translate";

/** An article of the Help Center: `id` is its anchor (/help#add-a-stall), `link` where to go and do what it says. */
export interface HelpArticle {
  id: string;
  title: string;
  paragraphs: readonly string[];
  link: { to: string; label: string };
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: "add-a-stall",
    title: msg("How to add a stall"),
    paragraphs: [
      msg(
        "Sign in and confirm your e-mail address first: the link comes by e-mail when you sign up. Then tap Add Stall (the plus in the tab bar on phones).",
      ),
      msg(
        "Give the stall's name, a contact number, what it serves and its address. Put the pin where the stall stands, add its weekly hours, a few menu items and a photo of the food if you have one (JPEG, PNG or WebP, up to 5 MB).",
      ),
      msg(
        "Before you submit, Nukkad shows stalls within 100 m that may be the same one, so the map gets no doubles. You can add up to 20 stalls in any 24 hours.",
      ),
    ],
    link: { to: "/add-stall", label: msg("Add a stall") },
  },
  {
    id: "stall-review",
    title: msg("Why a stall waits for review"),
    paragraphs: [
      msg(
        "Every new stall waits for a moderator before anyone else sees it on Discover, in search or on its own page. Moderators check that the stall exists, that its pin is in the right place and that the photos show food, not people.",
      ),
      msg(
        "While it waits you see it on your profile. Once it is approved or rejected you get a notification and an e-mail; a rejection says why, so you can add the stall again with the details fixed.",
      ),
    ],
    link: { to: "/profile", label: msg("See your stalls") },
  },
  {
    id: "food-trails",
    title: msg("Food Trails"),
    paragraphs: [
      msg(
        "A Food Trail is a walk through several stalls that stand close together, with the time it takes and whether each stall is open when you get there.",
      ),
      msg(
        "Follow a curated trail from Food Trails, or use Feeling Hungry on Home to make one near you. Signed in, you can make your own, reorder its stops (Optimise order finds the shortest walk), save other people's trails and export a trail as GPX, KML or GeoJSON for your maps app.",
      ),
    ],
    link: { to: "/food-trails", label: msg("Open Food Trails") },
  },
  {
    id: "bookmarks",
    title: msg("Bookmarks and My Food Trail"),
    paragraphs: [
      msg(
        "Tap the heart on any stall to bookmark it. Your bookmarks are on My Food Trail, where you can add a private note and your own star rating, and sort them by date, distance or rating.",
      ),
      msg(
        "Notes and your own ratings are private: only you see them. A review is public: write it on the stall's page.",
      ),
    ],
    link: { to: "/bookmarks", label: msg("Open My Food Trail") },
  },
  {
    id: "privacy-and-data",
    title: msg("Privacy and exporting your data"),
    paragraphs: [
      msg(
        "Settings > Backup Data downloads everything you own as one ZIP file: your profile, your bookmarks with notes and ratings (as JSON, CSV, GeoJSON, GPX and KML), the stalls, reviews, trails, posts and comments you added, and the people you follow.",
      ),
      msg(
        "Settings > Delete account deletes your account, profile, bookmarks, notes and private trails. Stalls and public reviews you added stay, shown as by 'Deleted user'.",
      ),
      msg("The Privacy Policy says what Nukkad stores, where, for how long and who sees it."),
    ],
    link: { to: "/privacy", label: msg("Read the Privacy Policy") },
  },
  {
    id: "language",
    title: msg("Hindi and English"),
    paragraphs: [
      msg(
        "Nukkad speaks English and Hindi. Choose with the language switch at the bottom of every page or in Settings > Language. Signed in, your account keeps the choice, so your e-mails come in it too; otherwise this browser remembers it.",
      ),
      msg(
        "Without a choice, Nukkad follows your browser's language. Search finds stalls in either script: golgappa and गोलगप्पे find the same stalls.",
      ),
    ],
    link: { to: "/settings", label: msg("Open Settings") },
  },
  {
    id: "account-and-password",
    title: msg("Your account and password"),
    paragraphs: [
      msg(
        "Forgot your password? Tap 'Forgot password?' on the sign-in page: a link to choose a new one comes by e-mail and works once, within one hour.",
      ),
      msg(
        "In Settings > Account you can change your e-mail address (a confirmation link goes to the new one), change your password (your other sessions are signed out) and see where you are signed in.",
      ),
      msg(
        "No confirmation e-mail? Look in your spam folder, then ask for a new link from your profile. The link is valid for 7 days.",
      ),
    ],
    link: { to: "/forgot-password", label: msg("Reset your password") },
  },
];

export const HELP_SEARCH_MAX = 100;

/** Case, accents' forms and punctuation do not matter; "e-mail" and "email" are one word. */
function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/[-\u2010\u2011]/g, "")
    .replace(/[\p{P}\p{S}]+/gu, " ");
}

/**
 * The items every word of `query` occurs in, in their order; everything for an empty query. Each item is read in
 * English and in `t`'s language, so a search in either finds it.
 */
export function searchHelp<Item>(
  items: readonly Item[],
  query: string,
  texts: (item: Item) => readonly string[],
  t: Translate,
): Item[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalise(
      texts(item)
        .flatMap((text) => [text, t(text)])
        .join(" "),
    );
    return words.every((word) => haystack.includes(word));
  });
}

export const articleTexts = (article: HelpArticle) => [article.title, ...article.paragraphs];
