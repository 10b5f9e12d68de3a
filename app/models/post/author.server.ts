import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { posts, profiles } from "~/db/schema";

// A post carries its author's display fields (name, username, avatar), so a feed page reads no profile (ADR 025).
// They are copied from the profile inside the statements that write, never from values read earlier: a profile
// change committed between a read and the write cannot leave a post behind.

const fromProfile = (userId: string, column: AnySQLiteColumn): SQL =>
  sql`(SELECT ${column} FROM ${profiles} WHERE ${profiles.userId} = ${userId})`;

/** The author columns of a new post by `userId`, as their profile has them when the post is inserted. */
export function authorFields(userId: string) {
  return {
    authorName: fromProfile(userId, profiles.fullName),
    authorUsername: fromProfile(userId, profiles.username),
    authorAvatarUrl: fromProfile(userId, profiles.avatarUrl),
  };
}

/**
 * The person's posts take their profile's name, username and avatar: for the db.batch() of every change of those
 * fields, after the profile's statement (posts_user_created_idx finds the posts). Posts already showing them are
 * not rewritten, so an edit of the bio writes no post.
 */
export function syncPostAuthor(db: Db, userId: string) {
  return db
    .update(posts)
    .set(authorFields(userId))
    .where(
      and(
        eq(posts.userId, userId),
        sql`(${posts.authorName}, ${posts.authorUsername}, ${posts.authorAvatarUrl}) IS NOT (SELECT ${profiles.fullName}, ${profiles.username}, ${profiles.avatarUrl} FROM ${profiles} WHERE ${profiles.userId} = ${userId})`,
      ),
    );
}
