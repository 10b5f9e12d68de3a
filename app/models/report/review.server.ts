// The review adapter: a review on a stall's page, reported to /moderation/reviews; kept, or removed (the stall's
// rating is recomputed without it).
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import { type QueuePage, stallMatches } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import {
  findReviewId,
  REVIEW_GONE,
  REVIEW_NOT_FOUND,
  type Review,
  recomputeRating,
  reviewsById,
} from "~/models/review.server";
import {
  byRowId,
  countOpenSubjects,
  fileFound,
  fileOrKeep,
  inWords,
  type ReportWords,
  readReportedPage,
  recordDecision,
  subjectRowId,
} from "./reports.server";
import type { ReportQueue, ReportSubject } from "./subject.server";

export const DAILY_REVIEW_REPORT_LIMIT = dailyLimit(
  20,
  msg("You can report up to 20 reviews a day. Please try again tomorrow."),
);

export const reviewSubject: ReportSubject = {
  type: "review",
  async find(db, id) {
    if (!/^[1-9]\d{0,15}$/.test(id)) return null;
    const [review] = await db
      .select({ id: reviews.id, authorId: reviews.userId })
      .from(reviews)
      .innerJoin(stalls, eq(stalls.id, reviews.stallId))
      .where(sql`${reviews.id} = ${Number(id)} AND ${stalls.status} = 'approved'`)
      .limit(1);
    return review ? { key: String(review.id), authorId: review.authorId } : null;
  },
  notFound: REVIEW_NOT_FOUND,
  own: { status: 400, message: "You cannot report your own review" },
  limit: { counts: "attempts", key: "review-report", daily: DAILY_REVIEW_REPORT_LIMIT },
  againAfterKeep: false,
};

/** Reports a review as the forms and POST /api/reviews/:stallId/:authorId/reports name it (its stall and author).
 * One's own is refused (400) before a missing one (404); a repeat of an open report stands. */
export async function reportReview(
  db: Db,
  reporterId: string,
  target: { stallId: string; authorId: string },
  reason: string,
): Promise<void> {
  if (target.authorId === reporterId) throw new ModelError(400, "You cannot report your own review");
  const review = await findReviewId(db, target.stallId, target.authorId);
  if (!review) throw new ModelError(404, REVIEW_NOT_FOUND);
  const found = { key: String(review.id), authorId: target.authorId };
  await fileOrKeep(() =>
    fileFound(db, reviewSubject, found, reporterId, { reason: "other", details: reason }),
  );
}

/** A reported review stays in the queue while it exists; the search is its stall's name or area. */
const inQueue = (q: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${reviews} JOIN ${stalls} ON ${stalls.id} = ${reviews.stallId}
    WHERE ${reviews.id} = ${subjectRowId} ${q ? sql`AND ${stallMatches(q)}` : sql``})`;

export const reviewQueue: ReportQueue = {
  tab: "reviews",
  count: (db, q) => countOpenSubjects(db, ["review"], inQueue(q)),
};

export interface ReportedReview extends Review {
  stallName: string;
  reports: ReportWords[];
}

export const REPORTED_REVIEW_PAGE_SIZE = 20;

/** Reviews with open reports, a page at a time, each placed by its first open report: /moderation/reviews. */
export async function listReportedReviews(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<ReportedReview>> {
  return readReportedPage(
    db,
    ["review"],
    inQueue(query.q),
    query,
    byRowId((ids) => reviewsById(db, ids)),
    (_, review, reports): ReportedReview => ({ ...review, reports: reports.map(inWords) }),
  );
}

async function reviewToDecide(db: Db, target: { stallId: string; authorId: string }) {
  const review = await findReviewId(db, target.stallId, target.authorId);
  if (!review) throw new ModelError(404, REVIEW_GONE);
  return review;
}

/** A moderator keeps the review: its open reports are closed. */
export async function dismissReviewReports(
  db: Db,
  moderatorId: string,
  target: { stallId: string; authorId: string },
  now = Date.now(),
): Promise<void> {
  const review = await reviewToDecide(db, target);
  await recordDecision(db, { type: "review", key: String(review.id), decision: "keep", moderatorId }, now);
}

/** A moderator removes the review (its open reports are closed as removed) and the stall's figures are recomputed. */
export async function removeReportedReview(
  db: Db,
  moderatorId: string,
  target: { stallId: string; authorId: string },
  now = Date.now(),
): Promise<void> {
  const review = await reviewToDecide(db, target);
  await db.batch([
    db.delete(reviews).where(eq(reviews.id, review.id)),
    recordDecision(db, { type: "review", key: String(review.id), decision: "remove", moderatorId }, now),
    recomputeRating(db, review.stallId),
  ]);
}
