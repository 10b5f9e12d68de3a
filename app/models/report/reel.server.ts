// The reel adapter: an approved reel, reported to the Reels tab's reported list; kept, or removed with a reason its
// author is told (the reel model deletes it and its media).
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reels, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import type { QueuePage } from "~/models/queue.server";
import {
  type ModeratedReel,
  moderatedReelsById,
  REEL_NOT_FOUND,
  type ReelModerationContext,
  reelMatches,
  removeApprovedReel,
} from "~/models/reel/reel.server";
import {
  byRowId,
  countOpenSubjects,
  fileFound,
  fileOrKeep,
  inWords,
  type ReportWords,
  readReportedPage,
  recordDecision,
  subjectOfOpenReport,
  subjectRowId,
} from "./reports.server";
import type { ReportQueue, ReportSubject } from "./subject.server";

export const OWN_REEL_REPORT = msg("You cannot report your own reel");

const approvedReel = and(sql`${reels.status} = 'approved'`, sql`${stalls.status} = 'approved'`);

export const reelSubject: ReportSubject = {
  type: "reel",
  async find(db, id) {
    const [reel] = await db
      .select({ id: reels.id, authorId: reels.userId })
      .from(reels)
      .innerJoin(stalls, eq(stalls.id, reels.stallId))
      .where(and(eq(reels.publicId, id), approvedReel))
      .limit(1);
    return reel ? { key: String(reel.id), authorId: reel.authorId } : null;
  },
  notFound: REEL_NOT_FOUND,
  own: { status: 400, message: OWN_REEL_REPORT },
  limit: null,
  againAfterKeep: false,
};

/**
 * Reports an approved reel (the reel pages and POST /api/reels/:id/report). A repeat of the reporter's open report
 * answers `created: false`, as posts' reports do. A pending or missing reel is 404; one's own reel 400.
 */
export async function reportReel(
  db: Db,
  reporterId: string,
  publicId: string,
  { reason }: { reason: string },
): Promise<{ created: boolean }> {
  const found = await reelSubject.find(db, publicId, { id: reporterId, role: "user" });
  if (!found) throw new ModelError(404, REEL_NOT_FOUND);
  return fileOrKeep(() =>
    fileFound(db, reelSubject, found, reporterId, { reason: "other", details: reason }),
  );
}

/** A reported reel stays in the queue while it is approved; the search is its stall's name or area, or its caption. */
const inQueue = (q: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${reels} JOIN ${stalls} ON ${stalls.id} = ${reels.stallId}
    WHERE ${reels.id} = ${subjectRowId} AND ${reels.status} = 'approved' ${q ? sql`AND (${reelMatches(q)})` : sql``})`;

export const reelQueue: ReportQueue = {
  tab: "reel_reports",
  count: (db, q) => countOpenSubjects(db, ["reel"], inQueue(q)),
};

/** An approved reel with open reports. */
export interface ReportedReel {
  /** The reel's first open report: the queue item's key, and what Keep names. */
  id: number;
  reel: ModeratedReel;
  author: { name: string; username: string | null };
  /** Open reports, oldest first. */
  reports: ReportWords[];
  /** When the first open report came in. */
  created_at: number;
}

export const REEL_REPORT_PAGE_SIZE = 20;

/**
 * Approved reels with open reports, a page at a time, each placed by its first open report (oldest first by
 * default, as every queue), with the video, its author and every open report.
 */
export async function listReelReports(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<ReportedReel>> {
  return readReportedPage(
    db,
    ["reel"],
    inQueue(query.q),
    query,
    byRowId((ids) => moderatedReelsById(db, ids)),
    (subject, reel, reports): ReportedReel => ({
      id: subject.firstId,
      ...reel,
      reports: reports.map(inWords),
      created_at: subject.first,
    }),
  );
}

/** Removes a reported reel (its author is told `reason`) and closes its open reports as removed, in one batch. */
export function removeReportedReel(
  context: ReelModerationContext,
  publicId: string,
  reason: string,
  moderatorId: string,
): Promise<{ name: string }> {
  return removeApprovedReel(context, publicId, reason, (rowId) =>
    recordDecision(context.db, { type: "reel", key: String(rowId), decision: "remove", moderatorId }),
  );
}

/**
 * Keeps a reported reel: every open report of the reel that `reportId` belongs to is closed. A report that is
 * missing or already decided is 409, so a second moderator learns the queue moved on.
 */
export async function keepReportedReel(
  db: Db,
  moderatorId: string,
  reportId: number,
  now = Date.now(),
): Promise<{ name: string }> {
  const { key } = await subjectOfOpenReport(db, ["reel"], reportId);
  const [reel] = await db
    .select({ name: stalls.name })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(eq(reels.id, Number(key)))
    .limit(1);
  await recordDecision(db, { type: "reel", key, decision: "keep", moderatorId }, now);
  return { name: reel?.name ?? "" };
}
