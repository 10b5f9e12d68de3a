import { and, desc, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reports, stallConfirmations, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import {
  CLOSED_ANSWERS_TO_REVIEW,
  CONFIRMATION_WINDOW_DAYS,
  type ConfirmationAnswer,
  type ConfirmationView,
} from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { DAY_MS } from "~/models/rate-limit.server";

// 'Still here?' on a stall page (issue 19): signed-in people answer Yes, Moved or Closed for good, once per stall in
// CONFIRMATION_WINDOW_DAYS. A Yes dates the stall's 'Last confirmed'; enough independent 'Closed for good' answers put
// the stall in the moderators' Reports queue as a 'closed' report, whose "Remove stall" deletes it (ADR 010).

const WINDOW_MS = CONFIRMATION_WINDOW_DAYS * DAY_MS;

export const STALL_NOT_FOUND = msg("Stall not found");

/** What a 'closed' report made from answers says in the queue. */
export const CLOSED_BY_ANSWERS = `${CLOSED_ANSWERS_TO_REVIEW} people answered 'Still here?' with 'Closed for good' within ${CONFIRMATION_WINDOW_DAYS} days.`;

/** A second answer inside the window: 429 with Retry-After (the rule is a limit in time, like the daily limits), and
 * the day the person may answer again. */
function answeredAlready(answeredAt: number, now: number): ModelError {
  const next = answeredAt + WINDOW_MS;
  return new ModelError(
    429,
    msg("You already answered 'Still here?' for this stall. You can answer again on {date}.", {
      date: new Date(next).toISOString().slice(0, 10),
    }),
    { retryAfterSeconds: Math.max(1, Math.ceil((next - now) / 1000)) },
  );
}

async function findApprovedStall(db: Db, stallPublicId: string) {
  const [stall] = await db
    .select({ id: stalls.id, lastConfirmedAt: stalls.lastConfirmedAt })
    .from(stalls)
    .where(and(eq(stalls.shopUniqueId, stallPublicId), sql`${stalls.status} = 'approved'`))
    .limit(1);
  if (!stall) throw new ModelError(404, STALL_NOT_FOUND);
  return stall;
}

/** The person's answers to this stall since `since` (the stall_confirmations_user_stall_idx range). */
const answersSince = (db: Db, userId: string, stallId: number, since: number) =>
  db
    .select({ answer: stallConfirmations.answer, createdAt: stallConfirmations.createdAt })
    .from(stallConfirmations)
    .where(
      and(
        eq(stallConfirmations.userId, userId),
        eq(stallConfirmations.stallId, stallId),
        gt(stallConfirmations.createdAt, since),
      ),
    );

async function latestAnswer(db: Db, userId: string, stallId: number, since: number) {
  const [row] = await answersSince(db, userId, stallId, since)
    .orderBy(desc(stallConfirmations.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records `userId`'s answer to an approved stall's 'Still here?' (404 for any other stall). One answer per person
 * and stall in CONFIRMATION_WINDOW_DAYS: another inside it is refused with 429 naming the day they may answer
 * again. The insert itself re-checks the window, so two answers sent at once store one. In the same batch, and only
 * when the answer was stored: 'still_here' sets the stall's last_confirmed_at; 'closed' files a 'closed' stall
 * report once CLOSED_ANSWERS_TO_REVIEW different people answered 'closed' within the window, unless the stall
 * already has an open 'closed' report (a person's own report or an earlier one from answers): moderators see the
 * stall once while it waits. The report names the answer that tipped it as its reporter.
 */
export async function confirmStall(
  db: Db,
  userId: string,
  stallPublicId: string,
  answer: ConfirmationAnswer,
  now = Date.now(),
): Promise<ConfirmationView> {
  const stall = await findApprovedStall(db, stallPublicId);
  const since = now - WINDOW_MS;
  const earlier = await latestAnswer(db, userId, stall.id, since);
  if (earlier) throw answeredAlready(earlier.createdAt, now);

  const thisStall = eq(stalls.id, stall.id);
  const recorded = db
    .insert(stallConfirmations)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          stallId: stalls.id,
          userId: sql<string>`${userId}`.as("user_id"),
          answer: sql<ConfirmationAnswer>`${answer}`.as("answer"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(stalls)
        .where(and(thisStall, notExists(answersSince(db, userId, stall.id, since)))),
    )
    .returning({ id: stallConfirmations.id });
  // Each follow-up reads changes() of the insert right before it: nothing happens for an answer not stored.
  const [stored] = await db.batch(
    answer === "still_here"
      ? [recorded, db.update(stalls).set({ lastConfirmedAt: now }).where(and(thisStall, sql`changes() = 1`))]
      : answer === "closed"
        ? [recorded, closedReportWhenDue(db, stall.id, userId, since, now)]
        : [recorded],
  );
  if (stored.length === 0) {
    const winner = await latestAnswer(db, userId, stall.id, since);
    throw answeredAlready(winner?.createdAt ?? now, now);
  }
  return {
    answer,
    last_confirmed_at: isoOrNull(answer === "still_here" ? now : stall.lastConfirmedAt),
    next_answer_at: new Date(now + WINDOW_MS).toISOString(),
  };
}

/** The insert of a 'closed' report for the queue, when the answer just stored made CLOSED_ANSWERS_TO_REVIEW
 * different people answering 'closed' since `since` and no 'closed' report of the stall is open. */
function closedReportWhenDue(db: Db, stallId: number, userId: string, since: number, now: number) {
  const closedAnswerers = sql`(SELECT count(DISTINCT ${stallConfirmations.userId}) FROM ${stallConfirmations}
    WHERE ${stallConfirmations.stallId} = ${stallId} AND ${stallConfirmations.createdAt} > ${since}
      AND ${stallConfirmations.answer} = 'closed')`;
  // The answerer may have a report of the stall open already: one open report per person and subject (ADR 045).
  return db
    .insert(reports)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          subjectType: sql<"stall">`'stall'`.as("subject_type"),
          subjectId: sql<string>`CAST(${stalls.id} AS TEXT)`.as("subject_id"),
          reporterId: sql<string>`${userId}`.as("reporter_id"),
          reason: sql<"closed">`'closed'`.as("reason"),
          details: sql<string>`${CLOSED_BY_ANSWERS}`.as("details"),
          createdAt: sql<number>`${now}`.as("created_at"),
          decidedAt: sql<null>`NULL`.as("decided_at"),
          decidedBy: sql<null>`NULL`.as("decided_by"),
          decision: sql<null>`NULL`.as("decision"),
          // A stall's reports hold no author against anyone's trust (ADR 051): a closed stall is nobody's misdeed.
          subjectAuthorId: sql<null>`NULL`.as("subject_author_id"),
        })
        .from(stalls)
        .where(
          and(
            eq(stalls.id, stallId),
            sql`changes() = 1`,
            sql`${closedAnswerers} >= ${CLOSED_ANSWERS_TO_REVIEW}`,
            notExists(
              db
                .select({ id: reports.id })
                .from(reports)
                .where(
                  and(
                    eq(reports.subjectType, "stall"),
                    eq(reports.subjectId, String(stallId)),
                    eq(reports.reason, "closed"),
                    isNull(reports.decidedAt),
                  ),
                ),
            ),
          ),
        ),
    )
    .onConflictDoNothing();
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/**
 * What a stall page shows around 'Still here?': the latest Yes, and the viewer's own answer inside the window with
 * when they may answer again (both null for a visitor or someone free to answer). 404 for a stall that is not
 * approved.
 */
export async function readStallFreshness(
  db: Db,
  viewerId: string | null,
  stallPublicId: string,
  now = Date.now(),
): Promise<{
  last_confirmed_at: string | null;
  my_answer: ConfirmationAnswer | null;
  next_answer_at: string | null;
}> {
  const stall = await findApprovedStall(db, stallPublicId);
  const mine = viewerId ? await latestAnswer(db, viewerId, stall.id, now - WINDOW_MS) : null;
  return {
    last_confirmed_at: isoOrNull(stall.lastConfirmedAt),
    my_answer: mine?.answer ?? null,
    next_answer_at: mine ? new Date(mine.createdAt + WINDOW_MS).toISOString() : null,
  };
}
