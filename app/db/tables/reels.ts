import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REEL_STATUSES, REEL_VIDEO_TYPES, type ReelStatus, type ReelVideoType } from "~/lib/schemas/reels";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";
import { marksTable } from "./marks";
import { stallRef } from "./stalls";

// Reels (issue 21): short videos of stalls. The bytes live in R2 under media/ (ADR 026), a reel row holds their keys.

/** A reel: a video pinned to a stall. Pending until a moderator approves it (seen by its author only till then); a
 * rejected or deleted reel is deleted with its R2 objects, so every row's keys point at stored bytes. */
export const reels = sqliteTable(
  "reels",
  {
    id: rowId(),
    publicId: text("public_id").notNull(),
    userId: userRef(),
    stallId: stallRef(),
    /** The stall's grid cell (app/lib/rules/geo.ts), copied when pinned, so Nearby reads index ranges of cells. */
    gridCell: integer("grid_cell").notNull(),
    caption: text("caption").notNull().default(""),
    /** Media keys (app/lib/http/media-url.ts): the video and its poster frame. */
    videoKey: text("video_key").notNull(),
    posterKey: text("poster_key").notNull(),
    videoType: text("video_type").$type<ReelVideoType>().notNull(),
    videoBytes: integer("video_bytes").notNull(),
    /** Read from the file by the server, never taken from the client. */
    durationMs: integer("duration_ms").notNull(),
    width: integer("width"),
    height: integer("height"),
    status: text("status").$type<ReelStatus>().notNull().default("pending"),
    likeCount: integer("like_count").notNull().default(0),
    saveCount: integer("save_count").notNull().default(0),
    /** For You's rank, written by the scheduled hot-score job (ADR 022) and on approval. */
    hotScore: real("hot_score").notNull().default(0),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: optionalUserRef("reviewed_by"),
    /** Hidden as posts are (ADR 051, 052): by reports pending a moderator's review (no `hidden_by`) or by a
     * suspension of its author, shown to nobody until restored; it keeps its status, so it never re-enters the queue
     * of new reels. */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: optionalUserRef("hidden_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reels_public_id_unique").on(t.publicId),
    index("reels_approved_hot_idx").on(t.hotScore, t.id).where(sql`status = 'approved'`),
    index("reels_approved_cell_idx").on(t.gridCell, t.createdAt, t.id).where(sql`status = 'approved'`),
    index("reels_pending_created_idx").on(t.createdAt, t.id).where(sql`status = 'pending'`),
    // The author's reels (Following, their profile) and their day, which the daily limit counts.
    index("reels_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("reels_stall_created_idx").on(t.stallId, t.createdAt),
    check("reels_status_check", sql`${t.status} IN ${oneOf(REEL_STATUSES)}`),
    check("reels_video_type_check", sql`${t.videoType} IN ${oneOf(REEL_VIDEO_TYPES)}`),
    check("reels_caption_length", sql`length(${t.caption}) <= 300`),
    check("reels_counts_check", sql`${t.likeCount} >= 0 AND ${t.saveCount} >= 0`),
    check("reels_limits_check", sql`${t.durationMs} > 0 AND ${t.videoBytes} > 0`),
  ],
);

const reelRef = () =>
  integer("reel_id")
    .notNull()
    .references(() => reels.id, { onDelete: "cascade" });

export const reelLikes = marksTable("reel_likes", "reelId", reelRef, (t) => [
  index("reel_likes_user_idx").on(t.userId),
]);

/** A reel someone saved (its bookmark button): the Saved tab of /reels, newest saved first. */
export const reelSaves = marksTable("reel_saves", "reelId", reelRef, (t) => [
  index("reel_saves_user_created_idx").on(t.userId, t.createdAt, t.reelId),
]);

/** An R2 multipart upload of a reel's video in progress: whose it is, so only they add parts or finish it, and when
 * it began, so the hourly job aborts the abandoned ones (and the daily limit counts uploads begun). */
export const reelUploads = sqliteTable(
  "reel_uploads",
  {
    id: text("id").primaryKey(),
    userId: userRef(),
    /** R2's id of the multipart upload. */
    uploadId: text("upload_id").notNull(),
    videoKey: text("video_key").notNull(),
    /** The size the client declared, within the 50 MB limit; the finished object's real size is checked again. */
    declaredBytes: integer("declared_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("reel_uploads_user_created_idx").on(t.userId, t.createdAt),
    index("reel_uploads_created_idx").on(t.createdAt),
  ],
);
