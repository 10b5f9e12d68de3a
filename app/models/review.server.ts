import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyDb, Db } from "~/db/client.server";
import { profiles, reviews, stalls } from "~/db/schema";
import type { ReviewInput } from "~/lib/schemas/reviews";
import { achievementStatements } from "./achievement.server";
import { ModelError } from "./model-error";
import { refreshUnreadCounts } from "./notification/notification.server";
import { translatorOfPerson } from "./person.server";

/** A public review. Writes address a review by its stall and author (one per pair); its row `id` is what a like
 * names (PUT /api/reviews/:id/like). Author ids are the users' public ids (the profile's `id`). Timestamps are
 * Unix ms. `liked` is the reader's own like (false for a visitor). */
export interface Review {
  id: number;
  stallId: string;
  author: { id: string; name: string; username: string | null };
  rating: number;
  body: string | null;
  created_at: number;
  updated_at: number | null;
  like_count: number;
  liked: boolean;
}

export interface StallReviews {
  rating_average: number | null;
  rating_count: number;
  /** Newest first, at most REVIEW_PAGE_SIZE. */
  items: Review[];
  /** The viewer's own review, wherever it falls in the list. */
  mine: Review | null;
}

export const REVIEW_PAGE_SIZE = 50;

export const REVIEW_NOT_FOUND = "Review not found";
/** A moderator's decision on a review that went meanwhile (its author deleted it, or another moderator removed it). */
export const REVIEW_GONE = "This review no longer exists.";

/** A review's columns as `viewerId` reads them: one EXISTS per review for their like, as the post rows do. */
const reviewColumns = (viewerId: string | null) => ({
  id: reviews.id,
  authorId: reviews.userId,
  authorName: profiles.fullName,
  authorUsername: profiles.username,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  likeCount: reviews.likeCount,
  liked: viewerId
    ? sql<number>`EXISTS (SELECT 1 FROM review_likes WHERE review_likes.review_id = ${reviews.id} AND review_likes.user_id = ${viewerId})`
    : sql<number>`0`,
});

type ReviewRow = {
  id: number;
  authorId: string;
  authorName: string | null;
  authorUsername: string | null;
  rating: number;
  body: string | null;
  createdAt: number;
  updatedAt: number | null;
  likeCount: number;
  liked: number;
};

function toReview(stallId: string, row: ReviewRow): Review {
  return {
    id: row.id,
    stallId,
    author: { id: row.authorId, name: row.authorName ?? "Nukkad user", username: row.authorUsername },
    rating: row.rating,
    body: row.body,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    like_count: row.likeCount,
    liked: Boolean(row.liked),
  };
}

/** Only approved stalls take reviews and show them. */
async function findApprovedStall(db: Db, shopUniqueId: string) {
  const [stall] = await db
    .select({ id: stalls.id, ratingAverage: stalls.ratingAverage, ratingCount: stalls.ratingCount })
    .from(stalls)
    .where(and(eq(stalls.shopUniqueId, shopUniqueId), sql`${stalls.status} = 'approved'`))
    .limit(1);
  return stall ?? null;
}

/** The approved stall a review is written to or deleted from; any other is refused with 404. */
async function reviewableStall(db: Db, shopUniqueId: string) {
  const stall = await findApprovedStall(db, shopUniqueId);
  if (!stall) throw new ModelError(404, "Stall not found");
  return stall;
}

/**
 * The statement that makes a stall's figures equal its shown reviews again. It runs in the same D1 batch (one
 * transaction) as every write to the stall's reviews, hiding and restoring included, so the figures can never drift
 * from the rows (ADR 008).
 */
export function recomputeRating(db: AnyDb, stallId: number | SQL) {
  const shown = sql`${reviews.stallId} = ${stallId} AND ${reviews.hiddenAt} IS NULL`;
  return db
    .update(stalls)
    .set({
      ratingAverage: sql`(SELECT avg(${reviews.rating}) FROM ${reviews} WHERE ${shown})`,
      ratingCount: sql`(SELECT count(*) FROM ${reviews} WHERE ${shown})`,
    })
    .where(eq(stalls.id, stallId));
}

/** A review as a statement for a batch, finding its stall by public id (the seed's reviews; no round trip). */
export function newReviewStatement(
  db: AnyDb,
  review: { shopUniqueId: string; userId: string; rating: number; body: string | null; createdAt: number },
) {
  return db.insert(reviews).values({
    stallId: sql`(SELECT id FROM stalls WHERE shop_unique_id = ${review.shopUniqueId})`,
    userId: review.userId,
    rating: review.rating,
    body: review.body,
    createdAt: review.createdAt,
  });
}

/** An approved stall's reviews, those hidden pending review left out (the reader's own still theirs to see); null when
 * no approved stall has this id. */
export async function listStallReviews(
  db: Db,
  shopUniqueId: string,
  viewerId: string | null,
): Promise<StallReviews | null> {
  const stall = await findApprovedStall(db, shopUniqueId);
  if (!stall) return null;
  const select = (where: SQL | undefined) =>
    db
      .select(reviewColumns(viewerId))
      .from(reviews)
      .leftJoin(profiles, eq(profiles.userId, reviews.userId))
      .where(where);
  const [rows, mine] = await Promise.all([
    select(and(eq(reviews.stallId, stall.id), isNull(reviews.hiddenAt)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEW_PAGE_SIZE),
    viewerId ? select(and(eq(reviews.stallId, stall.id), eq(reviews.userId, viewerId))).limit(1) : [],
  ]);
  return {
    rating_average: stall.ratingAverage,
    rating_count: stall.ratingCount,
    items: rows.map((row) => toReview(shopUniqueId, row)),
    mine: mine[0] ? toReview(shopUniqueId, mine[0]) : null,
  };
}

/**
 * Writes the user's review of a stall (a second one replaces the first) and the stall's new figures together; the
 * review that makes ten earns the reviewer 'critic' in the same batch, told in their language.
 */
export async function saveReview(
  db: Db,
  kv: KVNamespace,
  userId: string,
  shopUniqueId: string,
  input: ReviewInput,
  now = Date.now(),
): Promise<{ created: boolean; rating_average: number | null; rating_count: number }> {
  const [stall, t] = await Promise.all([reviewableStall(db, shopUniqueId), translatorOfPerson(db, userId)]);
  const [[saved], [figures]] = await db.batch([
    db
      .insert(reviews)
      .values({ stallId: stall.id, userId, rating: input.rating, body: input.body, createdAt: now })
      .onConflictDoUpdate({
        target: [reviews.stallId, reviews.userId],
        set: { rating: input.rating, body: input.body, updatedAt: now },
      })
      .returning({ updatedAt: reviews.updatedAt }),
    recomputeRating(db, stall.id).returning({
      ratingAverage: stalls.ratingAverage,
      ratingCount: stalls.ratingCount,
    }),
    ...achievementStatements(db, userId, "reviews", t),
  ]);
  await refreshUnreadCounts(db, kv, [userId]);
  return {
    // Only the conflict branch sets updated_at.
    created: saved?.updatedAt === null,
    rating_average: figures?.ratingAverage ?? null,
    rating_count: figures?.ratingCount ?? 0,
  };
}

/** Deletes the user's own review and recomputes the stall's figures in the same batch. */
export async function deleteReview(db: Db, userId: string, shopUniqueId: string): Promise<void> {
  const stall = await reviewableStall(db, shopUniqueId);
  const [removed] = await db.batch([
    db
      .delete(reviews)
      .where(and(eq(reviews.stallId, stall.id), eq(reviews.userId, userId)))
      .returning({ rating: reviews.rating }),
    recomputeRating(db, stall.id),
  ]);
  if (removed.length === 0) throw new ModelError(404, REVIEW_NOT_FOUND);
}

/** Reviews by id with their stall's name, as the moderators' queue shows them (app/models/report/review.server.ts). */
export async function reviewsById(
  db: Db,
  ids: number[],
): Promise<Map<number, Review & { stallName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...reviewColumns(null), stallId: stalls.shopUniqueId, stallName: stalls.name })
    .from(reviews)
    .innerJoin(stalls, eq(stalls.id, reviews.stallId))
    .leftJoin(profiles, eq(profiles.userId, reviews.userId))
    .where(inArray(reviews.id, ids));
  return new Map(rows.map((row) => [row.id, { ...toReview(row.stallId, row), stallName: row.stallName }]));
}

/** A review by its stall and author, as the review forms and the API name it. */
export async function findReviewId(db: Db, shopUniqueId: string, authorId: string) {
  const [row] = await db
    .select({ id: reviews.id, stallId: reviews.stallId })
    .from(reviews)
    .innerJoin(stalls, eq(stalls.id, reviews.stallId))
    .where(and(eq(stalls.shopUniqueId, shopUniqueId), eq(reviews.userId, authorId)))
    .limit(1);
  return row ?? null;
}

/** How many reviews a user has written (the profile's Reviews figure). */
export async function countReviewsBy(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId));
  return row?.n ?? 0;
}
