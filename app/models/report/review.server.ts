// The review adapter: a review on a stall's page, reported to /moderation/reviews; kept, or removed (the stall's
// rating is recomputed without it). Reports that weigh enough hide it pending review (ADR 051), out of the stall's page
// and rating; the Hidden tab restores it.
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { stallMatches } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import {
  findReviewId,
  REVIEW_GONE,
  REVIEW_NOT_FOUND,
  type Review,
  recomputeRating,
  reviewsById,
} from "~/models/review.server";
import { type FilingContext, fileAndWeigh } from "./auto-hide.server";
import { hiddenRowsOf } from "./hide.server";
import {
  byRowId,
  fileOrKeep,
  inWords,
  keepSubject,
  loggedRow,
  type ReportWords,
  readPageAs,
  recordDecision,
  subjectRowId,
} from "./reports.server";
import type { ReportSubject } from "./subject.server";

export const DAILY_REVIEW_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 reviews a day. Please try again tomorrow."),
  dailyLimit(
    5,
    msg("While your account is new, you can report up to 5 reviews a day. Please try again tomorrow."),
  ),
);

/** A reported review as the queue shows it, with its stall's name. */
export type ReviewPreview = Review & { stallName: string };

/** A moderator removes the review (its open reports are closed as removed) and the stall's figures are recomputed. */
async function removeReview(db: Db, moderatorId: string, review: { id: number; stallId: number }) {
  const key = String(review.id);
  await db.batch([
    ...recordDecision(db, {
      type: "review",
      key,
      decision: "remove",
      moderatorId,
      logged: loggedReview(key),
      when: sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${review.id})`,
    }),
    db.delete(reviews).where(eq(reviews.id, review.id)),
    recomputeRating(db, review.stallId),
  ]);
  return { name: "" };
}

/** How the log names a review: its stall's name and its author. */
const loggedReview = (key: string) =>
  loggedRow(
    sql`${reviews} JOIN ${stalls} ON ${stalls.id} = ${reviews.stallId}`,
    eq(reviews.id, Number(key)),
    {
      id: sql`CAST(${reviews.id} AS TEXT)`,
      name: stalls.name,
      person: reviews.userId,
    },
  );

export const reviewSubject: ReportSubject<ReviewPreview> = {
  type: "review",
  async find(db, id) {
    if (!/^[1-9]\d{0,15}$/.test(id)) return null;
    const [review] = await db
      .select({ id: reviews.id, authorId: reviews.userId })
      .from(reviews)
      .innerJoin(stalls, eq(stalls.id, reviews.stallId))
      .where(
        sql`${reviews.id} = ${Number(id)} AND ${reviews.hiddenAt} IS NULL AND ${stalls.status} = 'approved'`,
      )
      .limit(1);
    return review ? { key: String(review.id), authorId: review.authorId } : null;
  },
  notFound: REVIEW_NOT_FOUND,
  own: { status: 400, message: "You cannot report your own review" },
  limit: { counts: "attempts", key: "review-report", daily: DAILY_REVIEW_REPORT_LIMIT },
  againAfterKeep: false,
  logged: loggedReview,
  queue: {
    tab: "reviews",
    // It stays while it exists; the search is its stall's name or area.
    inQueue: (q) =>
      sql`EXISTS (SELECT 1 FROM ${reviews} JOIN ${stalls} ON ${stalls.id} = ${reviews.stallId}
        WHERE ${reviews.id} = ${subjectRowId} ${q ? sql`AND ${stallMatches(q)}` : sql``})`,
    load: byRowId(reviewsById),
    decisions: { keep: null, remove: null },
    async decide({ db }, moderatorId, { key }, decision) {
      if (decision === "keep")
        return keepSubject(db, moderatorId, { type: "review", key, logged: loggedReview(key) }, "");
      const [review] = await db
        .select({ id: reviews.id, stallId: reviews.stallId })
        .from(reviews)
        .where(eq(reviews.id, Number(key)))
        .limit(1);
      if (!review) throw new ModelError(404, REVIEW_GONE);
      return removeReview(db, moderatorId, review);
    },
    said: { keep: msg("Reports dismissed"), remove: msg("Review removed") },
    hideable: hiddenRowsOf(
      "review",
      reviews,
      (q) =>
        q
          ? sql`AND ${reviews.stallId} IN (SELECT ${stalls.id} FROM ${stalls} WHERE ${stallMatches(q)})`
          : sql``,
      REVIEW_GONE,
      {
        // Reviews have no public id: the notice names the review, and links to its stall's page.
        ref: sql<string>`(SELECT ${stalls.shopUniqueId} FROM ${stalls} WHERE ${stalls.id} = ${reviews.stallId})`,
        subjectOf: (rowId) => `review:${rowId}`,
        linkOf: (stallId) => `/stall/${stallId}`,
        also: (db, rowId) => [
          recomputeRating(
            db,
            sql`(SELECT ${reviews.stallId} FROM ${reviews} WHERE ${reviews.id} = ${rowId})`,
          ),
        ],
      },
    ),
  },
};

/** Reports a review as the forms and POST /api/reviews/:stallId/:authorId/reports name it (its stall and author),
 * hiding it pending review once its reports weigh enough. One's own is refused (400) before a missing one (404); a
 * repeat of an open report stands. */
export async function reportReview(
  context: FilingContext,
  reporterId: string,
  target: { stallId: string; authorId: string },
  reason: string,
): Promise<void> {
  if (target.authorId === reporterId) throw new ModelError(400, "You cannot report your own review");
  const review = await findReviewId(context.db, target.stallId, target.authorId);
  if (!review) throw new ModelError(404, REVIEW_NOT_FOUND);
  const found = { key: String(review.id), authorId: target.authorId };
  await fileOrKeep(() =>
    fileAndWeigh(context, reviewSubject, found, reporterId, { reason: "other", details: reason }),
  );
}

async function reviewToDecide(db: Db, target: { stallId: string; authorId: string }) {
  const review = await findReviewId(db, target.stallId, target.authorId);
  if (!review) throw new ModelError(404, REVIEW_GONE);
  return review;
}

/** POST /api/moderation/reviews/:stallId/:authorId/dismiss: the review, named by its stall and author, is kept. */
export async function dismissReviewReports(
  db: Db,
  moderatorId: string,
  target: { stallId: string; authorId: string },
): Promise<void> {
  const review = await reviewToDecide(db, target);
  const key = String(review.id);
  await keepSubject(db, moderatorId, { type: "review", key, logged: loggedReview(key) }, "");
}

/** POST /api/moderation/reviews/:stallId/:authorId/remove: the review, named by its stall and author, is removed. */
export async function removeReportedReview(
  db: Db,
  moderatorId: string,
  target: { stallId: string; authorId: string },
): Promise<void> {
  await removeReview(db, moderatorId, await reviewToDecide(db, target));
}

export type ReportedReview = ReviewPreview & { reports: ReportWords[] };

/** GET /api/moderation/reviews: the reviews tab as that endpoint always answered it. */
export const listReportedReviews = (db: Db, query: QueueQuery = QUEUE_START) =>
  readPageAs(db, [reviewSubject], query, ({ preview, reports }) => ({
    ...(preview as ReviewPreview),
    reports: reports.map(inWords),
  }));
