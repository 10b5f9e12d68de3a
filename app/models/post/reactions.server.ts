import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { postLikes, postSaves, posts, profiles, reviewLikes, reviews, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { unblocked } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { reaction, setLike, setSave } from "~/models/reaction.server";
import { postNotFound, readableBy, readerMarks } from "./rows.server";

// Likes on posts and reviews, and saves of posts: reactions, written as every reaction is (models/reaction.server.ts).

const REVIEW_NOT_FOUND = msg("Review not found");
export const OWN_REVIEW_LIKE = msg("You cannot like your own review");

const writePostLike = reaction(postLikes, "postId", posts, "likeCount");
const writePostSave = reaction(postSaves, "postId", posts, "saveCount");
const writeReviewLike = reaction(reviewLikes, "reviewId", reviews, "likeCount");

/** The post a reaction is for, with its author's language for the notice; hidden ones only to their author, and a
 * post of someone blocked either way to nobody (ADR 048). */
async function reactablePost(db: Db, userId: string, postId: string) {
  const [post] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      hiddenAt: posts.hiddenAt,
      ownerLanguage: profiles.language,
      ...readerMarks(userId),
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(and(eq(posts.publicId, postId), unblocked(userId, posts.userId)))
    .limit(1);
  if (!post || !readableBy(post, { id: userId })) throw postNotFound();
  return post;
}

/**
 * Likes (true), unlikes (false) or flips (undefined) a post, answering the state and the count after it. A like the
 * batch really inserted tells the post's author (not for their own post); repeating an explicit value changes
 * nothing and tells nobody.
 */
export async function setPostLike(
  db: Db,
  kv: KVNamespace,
  userId: string,
  postId: string,
  liked?: boolean,
): Promise<{ liked: boolean; like_count: number }> {
  return setLike(db, kv, userId, await reactablePost(db, userId, postId), liked, writePostLike, "post", {
    link: `/feed?post=${postId}`,
    subject: `post:${postId}`,
  });
}

/** Saves (true), unsaves (false) or flips (undefined) a post for the person's Saved posts; nobody is told. */
export async function setPostSave(
  db: Db,
  userId: string,
  postId: string,
  saved?: boolean,
): Promise<{ saved: boolean; save_count: number }> {
  return setSave(db, userId, await reactablePost(db, userId, postId), saved, writePostSave);
}

/** Likes, unlikes or flips a review of an approved stall, as setPostLike does a post; nobody likes their own (a
 * review's likes say others found it useful). */
export async function setReviewLike(
  db: Db,
  kv: KVNamespace,
  userId: string,
  reviewId: number,
  liked?: boolean,
): Promise<{ liked: boolean; like_count: number }> {
  const [review] = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      stallPublicId: stalls.shopUniqueId,
      ownerLanguage: profiles.language,
      liked: sql<number>`EXISTS (SELECT 1 FROM review_likes WHERE review_likes.review_id = ${reviews.id} AND review_likes.user_id = ${userId})`,
    })
    .from(reviews)
    .innerJoin(stalls, eq(stalls.id, reviews.stallId))
    .innerJoin(profiles, eq(profiles.userId, reviews.userId))
    .where(
      and(eq(reviews.id, reviewId), sql`${stalls.status} = 'approved'`, unblocked(userId, reviews.userId)),
    )
    .limit(1);
  if (!review) throw new ModelError(404, REVIEW_NOT_FOUND);
  if (review.userId === userId) throw new ModelError(403, OWN_REVIEW_LIKE);
  return setLike(db, kv, userId, review, liked, writeReviewLike, "review", {
    link: `/stall/${review.stallPublicId}`,
    subject: `review:${review.id}`,
  });
}
