// Reels in the moderation queue (issue 21, ADR 010): every new reel waits here until a moderator approves it, and
// reports of approved reels come back here. A rejected or removed reel is deleted, row first and then its R2 objects
// (ADR 026), so no row ever names missing bytes.
import { and, asc, eq, inArray, isNull, min, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { profiles, reelReports, reels, stalls, users } from "~/db/schema";
import { mediaUrl } from "~/lib/http/media-url";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import { hotScore } from "~/lib/rules/hot-score";
import { QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import type { ReelVideoType } from "~/lib/schemas/reels";
import { deleteMedia } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import { notice, refreshUnreadCounts } from "~/models/notification/notification.server";
import {
  ALREADY_DECIDED,
  holdsText,
  type QueuePage,
  readQueuePage,
  stallMatches,
  stillPending,
} from "~/models/queue.server";
import { type Sender, senderColumns } from "~/models/user.server";
import { REEL_NOT_FOUND } from "./read.server";

export const REEL_REPORT_GONE = msg("These reports were already decided. The queue is up to date now.");

export const PENDING_REEL_PAGE_SIZE = 10;
export const REEL_REPORT_PAGE_SIZE = 20;

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

/** An approved reel with open reports. */
export interface ReportedReel {
  /** The reel's first open report: the queue item's key, and what Keep names. */
  id: number;
  reel: ModeratedReel;
  author: { name: string; username: string | null };
  /** Open reports, oldest first. */
  reports: { reason: string; created_at: number }[];
  /** When the first open report came in. */
  created_at: number;
}

// Literals, not bound parameters: SQLite uses the partial indexes (reels_pending_created_idx) only for these.
const pending = sql`${reels.status} = 'pending'`;
const approved = sql`${reels.status} = 'approved'`;

/** The search: the pinned stall's name or area, or the caption's words. */
const reelMatches = (q: string): SQL | undefined =>
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

/** Reels waiting for review, a page at a time, oldest first by default. */
export async function listPendingReels(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<PendingReel>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    PENDING_REEL_PAGE_SIZE,
    { at: reels.createdAt, id: reels.id },
    ({ bound, orderBy, limit }) =>
      db
        .select({ ...reelColumns, author: senderColumns })
        .from(reels)
        .innerJoin(stalls, eq(stalls.id, reels.stallId))
        .leftJoin(users, eq(users.id, reels.userId))
        .leftJoin(profiles, eq(profiles.userId, reels.userId))
        .where(and(pending, reelMatches(query.q), bound))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.createdAt, id: row.rowId }),
  );
  const items = rows.map((row) => ({
    ...moderatedReel(row),
    author: row.author.email === null ? null : { name: row.author.name, email: row.author.email },
  }));
  return { items, previous, next };
}

/** How many reels wait for review under the search: the "reels" tab's figure. */
export function countPendingReels(db: Db, q: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(and(pending, reelMatches(q)));
}

/** Approved reels with open reports under a search, for the list and its count alike. */
function openReels(db: Db, q: string) {
  return db
    .select({
      reelId: reelReports.reelId,
      first: min(reelReports.createdAt).mapWith(Number),
      firstId: min(reelReports.id).mapWith(Number),
    })
    .from(reelReports)
    .innerJoin(reels, eq(reels.id, reelReports.reelId))
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(and(isNull(reelReports.resolvedAt), approved, reelMatches(q)))
    .groupBy(reelReports.reelId);
}

/** How many reported reels wait under the search: the "reel_reports" tab's figure. */
export function countReportedReels(db: Db, q: string) {
  const subjects = openReels(db, q).as("reported_reels");
  return db.select({ n: sql<number>`count(*)` }).from(subjects);
}

/**
 * Approved reels with open reports, a page at a time, each placed by its first open report (oldest first by
 * default, as every queue), with the video, its author and every open report's reason.
 */
export async function listReelReports(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<ReportedReel>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    REEL_REPORT_PAGE_SIZE,
    { at: sql<number>`min(${reelReports.createdAt})`, id: sql<number>`min(${reelReports.id})` },
    ({ bound, orderBy, limit }) =>
      openReels(db, query.q)
        .having(bound)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.first, id: row.firstId }),
  );
  if (rows.length === 0) return { items: [], previous, next };

  const reelIds = rows.map((row) => row.reelId);
  const [reelRows, reportRows] = await db.batch([
    db
      .select({ ...reelColumns, authorName: profiles.fullName, authorUsername: profiles.username })
      .from(reels)
      .innerJoin(stalls, eq(stalls.id, reels.stallId))
      .leftJoin(profiles, eq(profiles.userId, reels.userId))
      .where(inArray(reels.id, reelIds)),
    db
      .select({ reelId: reelReports.reelId, reason: reelReports.reason, createdAt: reelReports.createdAt })
      .from(reelReports)
      .where(and(inArray(reelReports.reelId, reelIds), isNull(reelReports.resolvedAt)))
      .orderBy(asc(reelReports.createdAt), asc(reelReports.id)),
  ]);
  const reelsById = new Map(reelRows.map((row) => [row.rowId, row]));
  const items = rows.flatMap((row): ReportedReel[] => {
    const reel = reelsById.get(row.reelId);
    if (!reel) return [];
    return [
      {
        id: row.firstId,
        reel: moderatedReel(reel),
        author: { name: reel.authorName ?? "", username: reel.authorUsername ?? null },
        reports: reportRows
          .filter((report) => report.reelId === row.reelId)
          .map((report) => ({ reason: report.reason, created_at: report.createdAt })),
        created_at: row.first,
      },
    ];
  });
  return { items, previous, next };
}

/** What deciding a reel works with: a page's or the API's request context has it. */
export interface ReelModerationContext {
  db: Db;
  /** The bucket holding the reel's media. */
  photos: R2Bucket;
  /** Where the author's unread count is kept (the header bell). */
  kv: KVNamespace;
}

export type ReelDecision =
  | { approve: true; moderatorId: string }
  | { approve: false; reason: string; moderatorId: string };

/** A reel as a decision needs it: its keys, its author (and their language), its stall's name. */
async function findReel(db: Db, publicId: string) {
  const [row] = await db
    .select({
      id: reels.id,
      status: reels.status,
      authorId: reels.userId,
      language: profiles.language,
      videoKey: reels.videoKey,
      posterKey: reels.posterKey,
      likeCount: reels.likeCount,
      saveCount: reels.saveCount,
      createdAt: reels.createdAt,
      stallId: stalls.shopUniqueId,
      stallName: stalls.name,
    })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .leftJoin(profiles, eq(profiles.userId, reels.userId))
    .where(eq(reels.publicId, publicId))
    .limit(1);
  return row;
}

type FoundReel = NonNullable<Awaited<ReturnType<typeof findReel>>>;

/** The author's notice of a decision, written in their language, for the batch right after the statement that
 * made it: only a statement that changed the reel tells anyone, so a late second moderator tells nobody. */
function tellAuthor(
  db: Db,
  reel: FoundReel,
  publicId: string,
  words: (t: ReturnType<typeof translatorFor>, name: string) => { title: string; body: string },
  link: string,
): BatchItem<"sqlite">[] {
  const t = translatorFor(isLanguage(reel.language) ? reel.language : DEFAULT_LANGUAGE);
  return notice(db, {
    userId: reel.authorId,
    actorId: null,
    type: "stall_update",
    ...words(t, reel.stallName),
    link,
    subject: `reel:${publicId}`,
    onlyAfterChange: true,
  });
}

/** The reel's bytes leave R2 after its row is gone. A failure leaves unreferenced bytes, never a broken reel, and
 * the decision stands, so it is logged rather than answered. */
async function dropMedia(bucket: R2Bucket, reel: FoundReel) {
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
  { db, photos, kv }: ReelModerationContext,
  publicId: string,
  decision: ReelDecision,
  now = Date.now(),
): Promise<{ name: string }> {
  const reel = stillPending(await findReel(db, publicId), REEL_NOT_FOUND);
  const stillWaiting = and(eq(reels.id, reel.id), pending);
  const [changed] = decision.approve
    ? await db.batch([
        db
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
        ...tellAuthor(
          db,
          reel,
          publicId,
          (t, name) => ({
            title: t('Your reel of "{name}" is live', { name }),
            body: t("A moderator approved it: everyone can watch it in Reels now."),
          }),
          `/reels/${publicId}`,
        ),
      ])
    : await db.batch([
        db.delete(reels).where(stillWaiting).returning({ id: reels.id }),
        ...tellAuthor(
          db,
          reel,
          publicId,
          (t, name) => ({
            title: t('Your reel of "{name}" was not approved', { name }),
            body: t("Reason: {reason}", { reason: decision.reason }),
          }),
          `/reels/new?stall=${reel.stallId}`,
        ),
      ]);
  if (changed.length === 0) throw new ModelError(409, ALREADY_DECIDED);
  if (!decision.approve) await dropMedia(photos, reel);
  await refreshUnreadCounts(db, kv, [reel.authorId]);
  return { name: reel.stallName };
}

/**
 * Removes an approved reel a report brought to the queue: the row goes (its reports, likes and saves with it, by
 * cascade, which closes the reports) and then its R2 objects; the author is told why in the same batch. A reel that
 * is missing, already removed or still pending is 404.
 */
export async function removeReportedReel(
  { db, photos, kv }: ReelModerationContext,
  publicId: string,
  reason: string,
): Promise<{ name: string }> {
  const reel = await findReel(db, publicId);
  if (reel?.status !== "approved") throw new ModelError(404, REEL_NOT_FOUND);
  const [removed] = await db.batch([
    db
      .delete(reels)
      .where(and(eq(reels.id, reel.id), approved))
      .returning({ id: reels.id }),
    ...tellAuthor(
      db,
      reel,
      publicId,
      (t, name) => ({
        title: t('Your reel of "{name}" was removed', { name }),
        body: t("Reason: {reason}", { reason }),
      }),
      "/reels",
    ),
  ]);
  if (removed.length === 0) throw new ModelError(404, REEL_NOT_FOUND);
  await dropMedia(photos, reel);
  await refreshUnreadCounts(db, kv, [reel.authorId]);
  return { name: reel.stallName };
}

/**
 * Keeps a reported reel: every open report of the reel that `reportId` belongs to is resolved. A report that is
 * missing or already decided is 409, so a second moderator learns the queue moved on.
 */
export async function keepReportedReel(
  db: Db,
  moderatorId: string,
  reportId: number,
  now = Date.now(),
): Promise<{ name: string }> {
  const [report] = await db
    .select({ reelId: reelReports.reelId, name: stalls.name })
    .from(reelReports)
    .innerJoin(reels, eq(reels.id, reelReports.reelId))
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(and(eq(reelReports.id, reportId), isNull(reelReports.resolvedAt)))
    .limit(1);
  if (!report) throw new ModelError(409, REEL_REPORT_GONE);
  await db
    .update(reelReports)
    .set({ resolvedAt: now, resolvedBy: moderatorId })
    .where(and(eq(reelReports.reelId, report.reelId), isNull(reelReports.resolvedAt)));
  return { name: report.name };
}
