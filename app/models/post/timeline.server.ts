import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedEntries, follows, posts } from "~/db/schema";
import { visible } from "./rows.server";

// Following, written ahead (ADR 023): the statements that keep feed_entries in step with posts and follows, each for
// the db.batch() of the event that calls for it, so the entries change in the same transaction as their cause.

/** A feed entry as read from a follow joined to a post: the row both fan-out and backfill insert. */
const entryOfFollow = {
  followerId: follows.followerId,
  createdAt: posts.createdAt,
  postId: posts.id,
  authorId: posts.userId,
};

/** Posts a new follow copies into the follower's Following: a first page and then some, not a whole history. */
export const BACKFILL_POSTS = 50;

/** A new post's entry in the Following of each of its author's followers (`publicId`: the post just inserted in
 * the same batch). One row per follower: the write grows with the author's audience, the read never does. */
export function fanOutPost(db: Db, authorId: string, publicId: string) {
  return db
    .insert(feedEntries)
    .select(
      db
        .select(entryOfFollow)
        .from(follows)
        .innerJoin(posts, eq(posts.publicId, publicId))
        .where(eq(follows.followeeId, authorId)),
    );
}

/** The followee's newest visible posts into the follower's Following, for the batch that inserts the follow. A
 * repeated follow finds its entries there already and adds nothing. */
export function backfillFollow(db: Db, followerId: string, followeeId: string) {
  return db
    .insert(feedEntries)
    .select(
      db
        .select(entryOfFollow)
        .from(follows)
        .innerJoin(posts, eq(posts.userId, follows.followeeId))
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId), visible))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(BACKFILL_POSTS),
    )
    .onConflictDoNothing();
}

/** Unfollowing takes the followee's posts out of the follower's Following (feed_entries_follower_author_idx). */
export function dropFollow(db: Db, followerId: string, followeeId: string) {
  return db
    .delete(feedEntries)
    .where(and(eq(feedEntries.followerId, followerId), eq(feedEntries.authorId, followeeId)));
}

/** A deleted account's Following, and its posts in everyone else's: it follows nobody and nobody follows it. */
export function forgetAccountEntries(db: Db, userId: string) {
  return [
    db.delete(feedEntries).where(eq(feedEntries.followerId, userId)),
    db
      .delete(feedEntries)
      .where(
        inArray(feedEntries.postId, db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))),
      ),
  ] as const;
}
