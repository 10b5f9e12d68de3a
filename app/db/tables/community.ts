import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { POST_TYPES, type PostType } from "~/lib/schemas/community";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";
import { marksTable } from "./marks";
import { reviews, stalls } from "./stalls";

// The community (issue 19): posts, their likes, saves, comments and reports, follows, and 'Still here?' answers.
// Counts on posts and reviews are recomputed from their rows in the same batch as each write, so they always match.

/** Every photo stored in R2, so daily upload limits can be counted and a rejected or deleted stall's photos
 * removed. stall_id is set when a submitted stall uses the photo; unattached uploads belong to their uploader. */
export const photos = sqliteTable(
  "photos",
  {
    key: text("key").primaryKey(),
    userId: optionalUserRef("user_id"),
    stallId: integer("stall_id").references(() => stalls.id, { onDelete: "set null" }),
    /** The post that shows it: a used upload, kept by the clean-up and counted in the day's uploads like a stall's;
     * it goes with the post. */
    postId: integer("post_id").references((): AnySQLiteColumn => posts.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_user_created_idx").on(t.userId, t.createdAt),
    index("photos_stall_idx").on(t.stallId),
    index("photos_post_idx").on(t.postId),
    check("photos_content_type_check", sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp')`),
    check("photos_size_check", sql`${t.size} BETWEEN 1 AND 5242880`),
  ],
);

/** A post on the feed. Its public id is in links; a hidden post (a moderator's decision, with the reason shown to its
 * author) is seen by its author only, and so is a held one (the spam rules', ADR 051), which is hidden until a
 * moderator approves it. */
export const posts = sqliteTable(
  "posts",
  {
    id: rowId(),
    publicId: text("public_id").notNull(),
    userId: userRef(),
    /** The author as every list shows them (PersonView), copied from their profile when the post is written and by
     * every change of those profile fields, so a feed page reads no profile (ADR 025). The default is only for
     * adding the column to existing rows. */
    authorName: text("author_name").notNull().default(""),
    authorUsername: text("author_username"),
    authorAvatarUrl: text("author_avatar_url"),
    type: text("type").$type<PostType>().notNull(),
    body: text("body").notNull(),
    /** The stall it is pinned to; a deleted stall leaves the post unpinned. */
    stallId: integer("stall_id").references(() => stalls.id, { onDelete: "set null" }),
    /** The pinned stall's grid cell (app/lib/rules/geo.ts), copied when pinned, so Nearby reads index ranges of
     * cells like Discover does (ADR 004). */
    gridCell: integer("grid_cell"),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Where the writer was, when they chose to share it. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    saveCount: integer("save_count").notNull().default(0),
    /** For You's rank, written by the scheduled hot-score job (ADR 022) and when a post is created. */
    hotScore: real("hot_score").notNull().default(0),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: optionalUserRef("hidden_by"),
    /** The spam rules' keys (ADR 051): a hash of the normalised text, and the first link in it. */
    spamKey: text("spam_key"),
    spamLink: text("spam_link"),
    /** Held for review by the spam rules (hidden_at is set with it), and the counts the rule saw. */
    heldAt: integer("held_at"),
    heldCounts: text("held_counts", { mode: "json" }).$type<{ byAccount: number; newAccounts: number }>(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    uniqueIndex("posts_public_id_unique").on(t.publicId),
    index("posts_spam_key_idx").on(t.spamKey, t.createdAt).where(sql`spam_key IS NOT NULL`),
    index("posts_spam_link_idx").on(t.spamLink, t.createdAt).where(sql`spam_link IS NOT NULL`),
    index("posts_held_idx").on(t.heldAt, t.id).where(sql`held_at IS NOT NULL`),
    index("posts_visible_hot_idx").on(t.hotScore, t.id).where(sql`hidden_at IS NULL`),
    index("posts_visible_created_idx").on(t.createdAt, t.id).where(sql`hidden_at IS NULL`),
    index("posts_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("posts_visible_cell_idx").on(t.gridCell, t.createdAt, t.id).where(sql`hidden_at IS NULL`),
    index("posts_stall_created_idx").on(t.stallId, t.createdAt),
    check("posts_type_check", sql`${t.type} IN ${oneOf(POST_TYPES)}`),
    check("posts_body_length", sql`length(trim(${t.body})) BETWEEN 1 AND 1000`),
    check("posts_counts_check", sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0 AND ${t.saveCount} >= 0`),
    check("posts_hidden_reason", sql`${t.hiddenAt} IS NULL OR ${t.hiddenReason} IS NOT NULL`),
    check("posts_position_check", sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`),
  ],
);

const postRef = () =>
  integer("post_id")
    .notNull()
    .references(() => posts.id, { onDelete: "cascade" });

export const postLikes = marksTable("post_likes", "postId", postRef, (t) => [
  index("post_likes_user_idx").on(t.userId),
  index("post_likes_created_idx").on(t.createdAt),
]);

export const reviewLikes = marksTable(
  "review_likes",
  "reviewId",
  () =>
    integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
  (t) => [index("review_likes_user_idx").on(t.userId), index("review_likes_created_idx").on(t.createdAt)],
);

/** A post someone saved: the Saved posts list on their profile, newest saved first. */
export const postSaves = marksTable("post_saves", "postId", postRef, (t) => [
  index("post_saves_user_created_idx").on(t.userId, t.createdAt, t.postId),
]);

/** A comment on a post, threaded one level: a reply's parent is a top-level comment of the same post. */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: rowId(),
    postId: postRef(),
    userId: userRef(),
    parentId: integer("parent_id").references((): AnySQLiteColumn => postComments.id, {
      onDelete: "cascade",
    }),
    body: text("body").notNull(),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, t.createdAt, t.id),
    index("post_comments_user_created_idx").on(t.userId, t.createdAt),
    check("post_comments_body_length", sql`length(trim(${t.body})) BETWEEN 1 AND 500`),
    check("post_comments_hidden_reason", sql`${t.hiddenAt} IS NULL OR ${t.hiddenReason} IS NOT NULL`),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: userRef("follower_id"),
    followeeId: userRef("followee_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_created_idx").on(t.followeeId, t.createdAt),
    index("follows_follower_created_idx").on(t.followerId, t.createdAt),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * Following, written ahead (ADR 023): one row per follower for each post of someone they follow, put there in the
 * batch that shares the post or starts the follow, taken away by unfollowing, deleting the post (cascade) or deleting
 * either account. Following reads one range of the primary key from its cursor, newest first. A hidden post keeps its
 * rows; the read drops it through posts.
 */
export const feedEntries = sqliteTable(
  "feed_entries",
  {
    followerId: userRef("follower_id"),
    /** The post's created_at, so the key sorts a follower's entries as Following lists them. */
    createdAt: integer("created_at").notNull(),
    postId: postRef(),
    authorId: userRef("author_id"),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.createdAt, t.postId] }),
    // Unfollowing deletes one author's entries of one follower.
    index("feed_entries_follower_author_idx").on(t.followerId, t.authorId),
    // Deleting a post cascades here by post id; without it each delete would scan every follower's entries.
    index("feed_entries_post_idx").on(t.postId),
  ],
);
