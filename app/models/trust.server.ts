// Members' trust levels (ADR 051), computed from D1 when asked: nothing is stored, so an upheld report or a silence
// lowers a level at once and time raises it without a job.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accountActions, posts, reels, reports, reviews, stalls, users } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { mentionedUsernames } from "~/lib/rules/post-text";
import { newAccountTextProblem, TRUST_RULES, type TrustLevel, trustLevel } from "~/lib/rules/trust-level";
import { ModelError } from "./model-error";
import { type DailyLimit, dailyLimitAt } from "./rate-limit.server";

/** At most `cap` rows that `where` finds in `table`: a member's contributions are counted only as far as the highest
 * level asks, so a prolific member costs no more than a new one. */
const countUpTo = (table: SQL, where: SQL, cap: number) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${cap}))`;

/** The trust level of each of `userIds` (an unknown id is left out), in one read. */
export async function trustLevelsOf(
  db: Db,
  userIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, TrustLevel>> {
  if (userIds.length === 0) return new Map();
  const cap = TRUST_RULES.member.contributions;
  // Named in full: drizzle writes a column of the query's own table unqualified, which inside a subquery would name
  // the subquery's table.
  const member = sql`"users"."id"`;
  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      contributions: sql<number>`${countUpTo(sql`${posts}`, sql`${posts.userId} = ${member} AND ${posts.hiddenAt} IS NULL`, cap)}
        + ${countUpTo(sql`${reviews}`, sql`${reviews.userId} = ${member} AND ${reviews.hiddenAt} IS NULL`, cap)}
        + ${countUpTo(sql`${reels}`, sql`${reels.userId} = ${member} AND ${reels.status} = 'approved' AND ${reels.hiddenAt} IS NULL`, cap)}
        + ${countUpTo(sql`${stalls}`, sql`${stalls.createdBy} = ${member} AND ${stalls.status} = 'approved'`, cap)}`,
      upheld: sql<number>`(SELECT count(DISTINCT ${reports.subjectType} || ':' || ${reports.subjectId}) FROM ${reports}
        WHERE ${reports.subjectAuthorId} = ${member} AND ${reports.decision} IN ('hide', 'remove')
        AND ${reports.decidedAt} > ${now - TRUST_RULES.upheldWindowMs})`,
      silenced: sql<number>`(SELECT count(*) FROM ${accountActions} WHERE ${accountActions.userId} = ${member}
        AND ${accountActions.action} = 'silence' AND (${accountActions.createdAt} > ${now - TRUST_RULES.upheldWindowMs}
        OR (${accountActions.endedAt} IS NULL AND (${accountActions.until} IS NULL OR ${accountActions.until} > ${now}))))`,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.map((row) => [
      row.id,
      trustLevel(
        {
          createdAt: row.createdAt,
          emailConfirmed: row.emailVerifiedAt !== null,
          approvedContributions: row.contributions,
          // A silence weighs as an upheld report while in force or within the same window (ADR 051).
          upheldReports: row.upheld + row.silenced,
        },
        now,
      ),
    ]),
  );
}

/** One member's trust level (0 for an unknown id). */
export async function trustLevelOf(db: Db, userId: string, now = Date.now()): Promise<TrustLevel> {
  return (await trustLevelsOf(db, [userId], now)).get(userId) ?? 0;
}

/** The daily limit that holds for a member now: a new account's lower one at level 0 (ADR 051). */
export async function dailyLimitFor(db: Db, userId: string, daily: DailyLimit): Promise<DailyLimit> {
  return daily.newAccount ? dailyLimitAt(daily, await trustLevelOf(db, userId)) : daily;
}

export const NO_LINKS_YET = msg("New accounts cannot share links yet. Please take the link out.");
export const FEWER_MENTIONS = msg("New accounts can mention up to 2 people in a post.");

/** Refuses a new account's (level 0) text with a link, or a post naming more than 2 people (400 beside `text`). */
export function refuseNewAccountText(level: TrustLevel, text: string, where: "post" | "comment"): void {
  if (level !== 0) return;
  const problem = newAccountTextProblem(text, mentionedUsernames(text).length, where);
  if (problem)
    throw new ModelError(400, problem === "link" ? NO_LINKS_YET : FEWER_MENTIONS, { field: "text" });
}
