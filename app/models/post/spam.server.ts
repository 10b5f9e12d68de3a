// The spam rules at the moment a post is shared (ADR 051): how often its text or link was posted before, by its author
// and by new accounts, read along the rules' partial indexes; a post the rules hold is stored hidden and held, so
// every read path that leaves hidden posts out leaves it out too, and only its author sees it.
import { and, eq, gt, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { posts } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { isHeld, SPAM_RULES, type SpamCounts, spamLink, spamText } from "~/lib/rules/spam";
import type { TrustLevel } from "~/lib/rules/trust-level";
import { trustLevelsOf } from "~/models/trust.server";

/** What its author reads on a held post, after "Waiting for a moderator". */
export const HELD_REASON = msg(
  "Posts like this one were shared many times, so a moderator checks it before others see it.",
);

/** The most other authors of the same text or link read to count the new accounts among them. */
const AUTHORS_READ = 50;

async function hashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The columns a new post gets from the spam rules: its keys, and when held, the held state and what the rule saw. */
export type SpamColumns = Pick<
  typeof posts.$inferInsert,
  "spamKey" | "spamLink" | "heldAt" | "heldCounts" | "hiddenAt" | "hiddenReason"
>;

/**
 * Weighs a new post by `authorId` (at trust `level`) against the spam rules: its copies by the author in the last 24
 * hours and, for a new account, the new accounts that posted it in the last hour (both counting this one).
 */
export async function weighPost(
  db: Db,
  author: { id: string; level: TrustLevel; language: string | null },
  text: string,
  now: number,
): Promise<SpamColumns> {
  const spamKey = await hashOf(spamText(text));
  const link = spamLink(text);
  const same =
    link === null ? eq(posts.spamKey, spamKey) : or(eq(posts.spamKey, spamKey), eq(posts.spamLink, link));
  const [[own], others] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(
        and(same, eq(posts.userId, author.id), gt(posts.createdAt, now - SPAM_RULES.sameAccount.windowMs)),
      ),
    author.level === 0
      ? db
          .selectDistinct({ userId: posts.userId })
          .from(posts)
          .where(
            and(
              same,
              ne(posts.userId, author.id),
              gt(posts.createdAt, now - SPAM_RULES.newAccounts.windowMs),
            ),
          )
          .limit(AUTHORS_READ)
      : [],
  ]);
  const levels = await trustLevelsOf(
    db,
    others.map((row) => row.userId),
    now,
  );
  const counts: SpamCounts = {
    byAccount: (own?.n ?? 0) + 1,
    newAccounts: author.level === 0 ? [...levels.values()].filter((level) => level === 0).length + 1 : 0,
  };
  if (!isHeld(counts)) return { spamKey, spamLink: link };
  const t = translatorFor(isLanguage(author.language) ? author.language : DEFAULT_LANGUAGE);
  return {
    spamKey,
    spamLink: link,
    heldAt: now,
    heldCounts: counts,
    hiddenAt: now,
    hiddenReason: t(HELD_REASON),
  };
}
