// Trust levels after Discourse's (ADR 051): a new account earns trust by time, a confirmed e-mail and contributions
// that stood, and loses it when moderators uphold reports against what it wrote.

/** 0 new, 1 basic, 2 member. */
export type TrustLevel = 0 | 1 | 2;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The numbers of each level, in the ADR. */
export const TRUST_RULES = {
  /** Level 1 (basic): this old, a confirmed e-mail and this many approved contributions. */
  basic: { ageMs: DAY_MS, contributions: 1 },
  /** Level 2 (member): this old and this many approved contributions. */
  member: { ageMs: 30 * DAY_MS, contributions: 10 },
  /** Upheld reports count this long; each one takes a level away. */
  upheldWindowMs: 90 * DAY_MS,
} as const;

/** What a member's level is computed from, as the trust model reads it from D1. */
export interface TrustFacts {
  createdAt: number;
  emailConfirmed: boolean;
  /** Posts, reviews, reels and stalls of theirs that are published: approved and not hidden by a moderator. */
  approvedContributions: number;
  /** Reports against what they wrote that a moderator upheld (hid or removed it) within `upheldWindowMs`, and silences
   * of their account in force or given within it, each counted as one. */
  upheldReports: number;
}

/** The level the facts earn, less one for every upheld report. */
export function trustLevel(facts: TrustFacts, now: number): TrustLevel {
  const age = now - facts.createdAt;
  const { basic, member } = TRUST_RULES;
  const earned =
    !facts.emailConfirmed || age < basic.ageMs || facts.approvedContributions < basic.contributions
      ? 0
      : age < member.ageMs || facts.approvedContributions < member.contributions
        ? 1
        : 2;
  return Math.max(0, earned - facts.upheldReports) as TrustLevel;
}

/** A new account (level 0) writes no links and names at most this many people in a post (ADR 051). */
export const NEW_ACCOUNT_MAX_MENTIONS = 2;

// A link as spam writes one: a web address, "www.", or a bare domain under a common top-level domain (spam.shop),
// with what follows it up to a space.
const LINK =
  /(?:https?:\/\/|\bwww\.)\S+|\b[a-z0-9-]+\.(?:com|in|net|org|io|co|shop|store|xyz|info|biz|app|me|ly|link|site|online|top|club|live)\b\S*/i;

/** The first link in a text, as written; null when there is none. */
export function firstLink(text: string): string | null {
  return LINK.exec(text)?.[0] ?? null;
}

/** What a new account's text breaks, if anything: a link (posts and comments), too many mentions (posts). */
export function newAccountTextProblem(
  text: string,
  mentions: number,
  where: "post" | "comment",
): "link" | "mentions" | null {
  if (firstLink(text) !== null) return "link";
  if (where === "post" && mentions > NEW_ACCOUNT_MAX_MENTIONS) return "mentions";
  return null;
}
