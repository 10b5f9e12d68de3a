// Reels in the moderation queue (issue 21, ADR 010): every new reel waits here until a moderator approves it, and
// an approved one that reports brought back (app/models/report/reel.server.ts) may be removed. A rejected or removed reel is deleted, row first and then its R2 objects
// (ADR 026), so no row ever names missing bytes.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { profiles, reels, stalls, users } from "~/db/schema";
import { mediaUrl } from "~/lib/http/media-url";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { hotScore } from "~/lib/rules/hot-score";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import type { ReelVideoType } from "~/lib/schemas/reels";
import { deleteMedia } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import { notice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { holdsText, stallMatches } from "~/models/queue.server";
import {
  decideSubmission,
  listSubmissions,
  type RowSlice,
  type Submission,
  type SubmissionDecision,
  senderOrGone,
} from "~/models/submission.server";
import { type Sender, senderColumns } from "~/models/user.server";
import { REEL_NOT_FOUND } from "./read.server";

export const PENDING_REEL_PAGE_SIZE = 10;

/** What a moderator needs to judge a reel: the video itself, and what it claims to be about. */
export interface ModeratedReel {
  id: string;
  video_url: string;
  poster_url: string;
  video_type: ReelVideoType;
  caption: string;
  duration_ms: number;
  video_bytes: number;
  width: number | null;
  height: number | null;
  stall: { id: string; name: string; location: string };
  /** When it was uploaded. */
  created_at: number;
}

/** A reel waiting for its first decision, with who uploaded it (null: the account was deleted meanwhile). */
export interface PendingReel extends ModeratedReel {
  author: Sender | null;
}

// Literals, not bound parameters: SQLite uses the partial indexes (reels_pending_created_idx) only for these. A
// pending reel hidden by its author's suspension waits outside the queue until the suspension ends.
const pending = sql`${reels.status} = 'pending' AND ${reels.hiddenAt} IS NULL`;
const approved = sql`${reels.status} = 'approved'`;

/** The search: the pinned stall's name or area, or the caption's words. */
export const reelMatches = (q: string): SQL | undefined =>
  q ? sql`(${stallMatches(q)} OR ${holdsText(reels.caption, q)})` : undefined;

const reelColumns = {
  rowId: reels.id,
  publicId: reels.publicId,
  videoKey: reels.videoKey,
  posterKey: reels.posterKey,
  videoType: reels.videoType,
  caption: reels.caption,
  durationMs: reels.durationMs,
  videoBytes: reels.videoBytes,
  width: reels.width,
  height: reels.height,
  createdAt: reels.createdAt,
  stallId: stalls.shopUniqueId,
  stallName: stalls.name,
  stallLocation: stalls.location,
};

function moderatedReel(row: {
  publicId: string;
  videoKey: string;
  posterKey: string;
  videoType: ReelVideoType;
  caption: string;
  durationMs: number;
  videoBytes: number;
  width: number | null;
  height: number | null;
  createdAt: number;
  stallId: string;
  stallName: string;
  stallLocation: string;
}): ModeratedReel {
  return {
    id: row.publicId,
    video_url: mediaUrl(row.videoKey),
    poster_url: mediaUrl(row.posterKey),
    video_type: row.videoType,
    caption: row.caption,
    duration_ms: row.durationMs,
    video_bytes: row.videoBytes,
    width: row.width,
    height: row.height,
    stall: { id: row.stallId, name: row.stallName, location: row.stallLocation },
    created_at: row.createdAt,
  };
}

/** Reels with who uploaded each (and their language), as the queue lists them and a decision finds one. */
const reelRows = (db: Db, { where, orderBy, limit }: RowSlice) =>
  db
    .select({
      ...reelColumns,
      status: reels.status,
      likeCount: reels.likeCount,
      saveCount: reels.saveCount,
      submitterId: reels.userId,
      author: senderColumns,
      language: profiles.language,
    })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .leftJoin(users, eq(users.id, reels.userId))
    .leftJoin(profiles, eq(profiles.userId, reels.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

type ReelRow = Awaited<ReturnType<typeof reelRows>>[number];

const byPublicId = (publicId: string | number) => eq(reels.publicId, String(publicId));

/** The queue of new reels: approving one makes it public with a first hot score, rejecting deletes it (its R2
 * objects after the row) with a reason its author reads. */
const pendingReels: Submission<ReelRow, PendingReel> = {
  kind: "reel",
  table: reels,
  logged: (reel) => ({ id: reel.publicId, name: reel.stallName }),
  pageSize: PENDING_REEL_PAGE_SIZE,
  key: { at: reels.createdAt, id: reels.id },
  pending,
  matches: reelMatches,
  byId: byPublicId,
  rows: reelRows,
  keyOf: (row) => ({ at: row.createdAt, id: row.rowId }),
  items: (_db, rows) => rows.map((row) => ({ ...moderatedReel(row), author: senderOrGone(row.author) })),
  notFound: REEL_NOT_FOUND,
  decision(db, reel, decision, t, now) {
    const name = reel.stallName;
    const stillWaiting = and(eq(reels.id, reel.rowId), pending);
    return decision.approve
      ? {
          decide: db
            .update(reels)
            .set({
              status: "approved",
              reviewedAt: now,
              reviewedBy: decision.moderatorId,
              // As the hourly job scores it (app/models/hot-score.server.ts, from the upload's time), so For You's
              // order does not jump at the next run.
              hotScore: hotScore(
                { likes: reel.likeCount, comments: 0, saves: reel.saveCount, createdAt: reel.createdAt },
                now,
              ),
            })
            .where(stillWaiting)
            .returning({ id: reels.id }),
          tell: {
            title: t('Your reel of "{name}" is live', { name }),
            body: t("A moderator approved it: everyone can watch it in Reels now."),
            link: `/reels/${reel.publicId}`,
            subject: `reel:${reel.publicId}`,
          },
        }
      : {
          decide: db.delete(reels).where(stillWaiting).returning({ id: reels.id }),
          tell: {
            title: t('Your reel of "{name}" was not approved', { name }),
            body: t("Reason: {reason}", { reason: decision.reason }),
            link: `/reels/new?stall=${reel.stallId}`,
            subject: `reel:${reel.publicId}`,
          },
        };
  },
};

/** Reels waiting for review, a page at a time, oldest first by default. */
export const listPendingReels = (db: Db, query: QueueQuery = QUEUE_START) =>
  listSubmissions(db, pendingReels, query);

/** How many reels wait for review under the search: the "reels" tab's figure. */
export function countPendingReels(db: Db, q: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(and(pending, reelMatches(q)));
}

/** Reported reels as the queue shows them, by row id, with who uploaded each. */
export async function moderatedReelsById(
  db: Db,
  ids: number[],
): Promise<Map<number, { reel: ModeratedReel; author: { name: string; username: string | null } }>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...reelColumns, authorName: profiles.fullName, authorUsername: profiles.username })
          .from(reels)
          .innerJoin(stalls, eq(stalls.id, reels.stallId))
          .leftJoin(profiles, eq(profiles.userId, reels.userId))
          .where(inArray(reels.id, ids));
  return new Map(
    rows.map((row) => [
      row.rowId,
      {
        reel: moderatedReel(row),
        author: { name: row.authorName ?? "", username: row.authorUsername ?? null },
      },
    ]),
  );
}

/** What deciding a reel works with: a page's or the API's request context has it. */
export interface ReelModerationContext {
  db: Db;
  /** The bucket holding the reel's media. */
  photos: R2Bucket;
  /** Where the author's unread count is kept (the header bell). */
  kv: KVNamespace;
}

/** The reel's bytes leave R2 after its row is gone. A failure leaves unreferenced bytes, never a broken reel, and
 * the decision stands, so it is logged rather than answered. */
async function dropMedia(bucket: R2Bucket, reel: ReelRow) {
  try {
    await deleteMedia(bucket, [reel.videoKey, reel.posterKey]);
  } catch (error) {
    console.error("reel media deletion failed", reel.videoKey, reel.posterKey, error);
  }
}

/**
 * Approves or rejects a pending reel, answering its stall's name. Approval makes it public with a first hot score;
 * rejection deletes it (its R2 objects after the row). Either way the author is told, in the same batch and only by
 * the first decision: a reel already decided is 409, a missing one 404.
 */
export async function decideReel(
  context: ReelModerationContext,
  publicId: string,
  decision: SubmissionDecision,
  now = Date.now(),
): Promise<{ name: string }> {
  const { found: reel } = await decideSubmission(context, pendingReels, publicId, decision, now);
  if (!decision.approve) await dropMedia(context.photos, reel);
  return { name: reel.stallName };
}

/**
 * Removes an approved reel a report brought to the queue: the row goes (its likes and saves with it, by cascade)
 * and then its R2 objects; the author is told why in the same batch, which runs `first(rowId)` (logging it, closing
 * the reports) before. A reel that is missing, already removed or still pending is 404.
 */
export async function removeApprovedReel(
  { db, photos, kv }: ReelModerationContext,
  publicId: string,
  reason: string,
  first: (rowId: number) => BatchItem<"sqlite">[],
): Promise<{ name: string }> {
  const [reel] = await reelRows(db, { where: byPublicId(publicId), orderBy: [], limit: 1 });
  if (reel?.status !== "approved") throw new ModelError(404, REEL_NOT_FOUND);
  // The author reads why in their language, and only when this removed it.
  const t = translatorFor(isLanguage(reel.language) ? reel.language : DEFAULT_LANGUAGE);
  const before = first(reel.rowId);
  const results = await db.batch([
    ...before,
    db
      .delete(reels)
      .where(and(eq(reels.id, reel.rowId), approved))
      .returning({ id: reels.id }),
    ...notice(db, {
      userId: reel.submitterId,
      actorId: null,
      type: "stall_update",
      title: t('Your reel of "{name}" was removed', { name: reel.stallName }),
      body: t("Reason: {reason}", { reason }),
      link: "/reels",
      subject: `reel:${publicId}`,
      onlyAfterChange: true,
    }),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((results[before.length] as unknown[]).length === 0) throw new ModelError(404, REEL_NOT_FOUND);
  await dropMedia(photos, reel);
  await refreshUnreadCounts(db, kv, [reel.submitterId]);
  return { name: reel.stallName };
}
