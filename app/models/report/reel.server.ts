// The reel adapter: an approved reel, reported to the Reels tab's reported list; kept, or removed with a reason its
// author is told (the reel model deletes it and its media). Reports that weigh enough hide it pending review (ADR 051),
// with the columns a suspension hides it with; the Hidden tab restores it.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reels, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { holdsText, stallMatches } from "~/models/queue.server";
import {
  type ModeratedReel,
  moderatedReelsById,
  REEL_NOT_FOUND,
  type ReelModerationContext,
  reelMatches,
  removeApprovedReel,
} from "~/models/reel/reel.server";
import { type FilingContext, fileAndWeigh } from "./auto-hide.server";
import { hiddenRowsOf } from "./hide.server";
import {
  byRowId,
  fileOrKeep,
  inWords,
  keepSubject,
  loggedRow,
  type ReportWords,
  readPageAs,
  recordDecision,
  subjectRowId,
} from "./reports.server";
import type { ReportSubject } from "./subject.server";

export const OWN_REEL_REPORT = msg("You cannot report your own reel");

/** A reel people can see, so report: approved, not hidden, of an approved stall. */
const shownReel = and(
  sql`${reels.status} = 'approved'`,
  sql`${reels.hiddenAt} IS NULL`,
  sql`${stalls.status} = 'approved'`,
);

/** The Hidden tab's search of hidden reels: their stall's name or area, or the caption. */
const hiddenReelMatches = (q: string) =>
  q
    ? sql`AND (${reels.stallId} IN (SELECT ${stalls.id} FROM ${stalls} WHERE ${stallMatches(q)}) OR ${holdsText(reels.caption, q)})`
    : sql``;

/** A reported reel as the queue shows it: the video and who uploaded it. */
export interface ReelPreview {
  reel: ModeratedReel;
  author: { name: string; username: string | null };
}

/** How the log names a reel: its stall's name and who uploaded it. */
const loggedReel = (key: string) =>
  loggedRow(sql`${reels} JOIN ${stalls} ON ${stalls.id} = ${reels.stallId}`, eq(reels.id, Number(key)), {
    id: reels.publicId,
    name: stalls.name,
    person: reels.userId,
  });

/** Removes a reported reel (its author is told `reason`) and closes its open reports as removed, in one batch. */
export function removeReportedReel(
  context: ReelModerationContext,
  publicId: string,
  reason: string,
  moderatorId: string,
): Promise<{ name: string }> {
  return removeApprovedReel(context, publicId, reason, (rowId) =>
    recordDecision(context.db, {
      type: "reel",
      key: String(rowId),
      decision: "remove",
      moderatorId,
      logged: loggedReel(String(rowId)),
      reason,
      when: sql`EXISTS (SELECT 1 FROM ${reels} WHERE ${reels.id} = ${rowId} AND ${reels.status} = 'approved')`,
    }),
  );
}

/** The reel of a report's key, with its public id and its stall's name. */
async function reelOf(db: Db, key: string) {
  const [reel] = await db
    .select({ publicId: reels.publicId, name: stalls.name })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .where(eq(reels.id, Number(key)))
    .limit(1);
  return reel;
}

export const reelSubject: ReportSubject<ReelPreview> = {
  type: "reel",
  async find(db, id) {
    const [reel] = await db
      .select({ id: reels.id, authorId: reels.userId })
      .from(reels)
      .innerJoin(stalls, eq(stalls.id, reels.stallId))
      .where(and(eq(reels.publicId, id), shownReel))
      .limit(1);
    return reel ? { key: String(reel.id), authorId: reel.authorId } : null;
  },
  notFound: REEL_NOT_FOUND,
  own: { status: 400, message: OWN_REEL_REPORT },
  limit: null,
  againAfterKeep: false,
  logged: loggedReel,
  queue: {
    tab: "reel_reports",
    // It stays while it is approved; the search is its stall's name or area, or its caption.
    inQueue: (q) =>
      sql`EXISTS (SELECT 1 FROM ${reels} JOIN ${stalls} ON ${stalls.id} = ${reels.stallId}
        WHERE ${reels.id} = ${subjectRowId} AND ${reels.status} = 'approved' ${q ? sql`AND (${reelMatches(q)})` : sql``})`,
    load: byRowId(moderatedReelsById),
    decisions: { remove: "removal", keep: null },
    async decide(context, moderatorId, { key }, decision, reason) {
      const reel = await reelOf(context.db, key);
      if (decision === "keep") {
        return keepSubject(
          context.db,
          moderatorId,
          { type: "reel", key, logged: loggedReel(key) },
          reel?.name ?? "",
        );
      }
      if (!reel) throw new ModelError(404, REEL_NOT_FOUND);
      return removeReportedReel(context, reel.publicId, reason, moderatorId);
    },
    said: {
      remove: msg('The reel of "{name}" was removed.'),
      keep: msg('The reel of "{name}" stays; its reports are closed.'),
    },
    hideable: hiddenRowsOf(
      "reel",
      reels,
      hiddenReelMatches,
      REEL_NOT_FOUND,
      { ref: reels.publicId, linkOf: (id) => `/reels/${id}` },
      sql<string>`(SELECT ${stalls.name} FROM ${stalls} WHERE ${stalls.id} = ${reels.stallId})`,
    ),
  },
};

/**
 * Reports an approved reel (the reel pages and POST /api/reels/:id/report), hiding it pending review once its reports
 * weigh enough. A repeat of the reporter's open report answers `created: false`, as posts' reports do. A pending,
 * hidden or missing reel is 404; one's own reel 400.
 */
export async function reportReel(
  context: FilingContext,
  reporterId: string,
  publicId: string,
  { reason }: { reason: string },
): Promise<{ created: boolean }> {
  const found = await reelSubject.find(context.db, publicId, { id: reporterId, role: "user" });
  if (!found) throw new ModelError(404, REEL_NOT_FOUND);
  return fileOrKeep(() =>
    fileAndWeigh(context, reelSubject, found, reporterId, { reason: "other", details: reason }),
  );
}

export type ReportedReel = ReelPreview & { id: number; reports: ReportWords[]; created_at: number };

/** GET /api/moderation/reel-reports: the Reported reels tab as that endpoint always answered it. */
export const listReelReports = (db: Db, query: QueueQuery = QUEUE_START) =>
  readPageAs(db, [reelSubject], query, ({ id, preview, reports, created_at }) => ({
    id,
    ...(preview as ReelPreview),
    reports: reports.map(inWords),
    created_at,
  }));
