import { msg } from "~/lib/i18n/translate";

const TRAIL_ANSWER = msg(
  "A Food Trail is a route through several stalls that are close together, so you can try a few in one outing. {count, plural, one {# trail has} other {# trails have}} been made so far: pick a ready-made one or make your own.",
);

/** The six questions of the FAQ (finding stalls, adding one, bookmarks, Food Trails, cost, support), shown on
 * Home (#faq) and in the Help Center. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqItem[] = [
  {
    question: msg("How do I find street-food stalls near me?"),
    answer: msg(
      "Open Discover and tap Use My Location. Nukkad shows the stalls around you on a map or as a list, with their distance, whether they are open now, and what they serve. You can also search for a dish, an area or a cuisine.",
    ),
  },
  {
    question: msg("How do I add a stall I know?"),
    answer: msg(
      "Sign in, tap Add Stall, and tell us its name, contact number, what it serves, its address and where it is on the map. Add a photo of the food if you have one. Every new stall is reviewed before it appears.",
    ),
  },
  {
    question: msg("How do bookmarks work?"),
    answer: msg(
      "Tap the heart on any stall to save it to My Food Trail. There you can rate it for yourself and keep private notes, such as what to order next time.",
    ),
  },
  {
    question: msg("What is a Food Trail?"),
    answer: TRAIL_ANSWER,
  },
  {
    question: msg("Is Nukkad free?"),
    answer: msg("Yes. Nukkad is free for everyone, with no subscription and no paid listings."),
  },
  {
    question: msg("How do I contact support?"),
    answer: msg("Write to us from the Contact Us page or at support@nukkad.app. We reply within 24 hours."),
  },
] as const;

export const SUPPORT_EMAIL = "support@nukkad.app";

/** The FAQ as pages show it: the Food Trail answer says how many trails exist (issue 18), counted by the loader. */
export function faqWithCounts({ trails }: { trails: number }): FaqItem[] {
  return FAQ.map((item) =>
    item.answer === TRAIL_ANSWER ? { ...item, answer: msg(TRAIL_ANSWER, { count: trails }) } : item,
  );
}
