// The spam rules (ADR 051, issue 33 §4): the same text or link posted again and again by one account, or by several
// new accounts within an hour, is held for a moderator instead of published. Each post is keyed by its text
// normalised (case, accents' forms, punctuation and spacing do not tell copies apart) and by its first link.
import { firstLink } from "./trust-level";

const HOUR_MS = 3_600_000;

/** The numbers of the rules, in the ADR. */
export const SPAM_RULES = {
  /** One account: held at this many posts of the same text or link (this one included) within the window. */
  sameAccount: { posts: 3, windowMs: 24 * HOUR_MS },
  /** New accounts (trust level 0): held at this many of them posting the same text or link within the window. */
  newAccounts: { accounts: 3, windowMs: HOUR_MS },
} as const;

/** What the rules saw of a post, this one included: shown to moderators beside it. */
export interface SpamCounts {
  /** Posts of the same text or link by its author within SPAM_RULES.sameAccount.windowMs. */
  byAccount: number;
  /** New accounts that posted the same text or link within SPAM_RULES.newAccounts.windowMs (0 unless its author is
   * one: a trusted member quoting what new accounts spread is not held for them). */
  newAccounts: number;
}

/** The text as the rules compare it: lower case, compatibility forms folded, only letters, marks and digits, spaced
 * once. */
export function spamText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

/** The post's first link as the rules compare it: without its scheme, "www.", trailing punctuation or slash, in lower
 * case; null when it has none. */
export function spamLink(text: string): string | null {
  const link = firstLink(text);
  if (link === null) return null;
  return link
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[.,;:!?)\]}"'/]+$/, "");
}

/** Whether a post with these counts is held for review. */
export function isHeld({ byAccount, newAccounts }: SpamCounts): boolean {
  return byAccount >= SPAM_RULES.sameAccount.posts || newAccounts >= SPAM_RULES.newAccounts.accounts;
}
