// The stall adapter: "Report Issue" on a stall's page. Each report is its own item in the Reports tab (a stall's
// reports say different things: moved, closed, wrong hours), kept (resolved) or, when it says closed, answered by
// removing the stall.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, reports, stalls, users } from "~/db/schema";
import { msg, type Translate } from "~/lib/i18n/translate";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START, type ReportKind } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { ALREADY_DECIDED, deleteStall } from "~/models/moderation.server";
import {
  bookmarkersToRefresh,
  refreshUnreadCounts,
  tellBookmarkers,
} from "~/models/notification/notification.server";
import { stallMatches } from "~/models/queue.server";
import { dailyLimit } from "~/models/rate-limit.server";
import { findVisibleStallRef } from "~/models/stall/stall.server";
import { type Sender, senderColumns } from "~/models/user.server";
import { fileFound, fileOrKeep, loggedRow, readPageAs, recordDecision, subjectRowId } from "./reports.server";
import type { OpenSubject, ReportSubject } from "./subject.server";

export const DAILY_STALL_REPORT_LIMIT = dailyLimit(
  10,
  msg("You can report up to 10 stall issues a day. Please try again tomorrow."),
  dailyLimit(
    3,
    msg("While your account is new, you can report up to 3 stall issues a day. Please try again tomorrow."),
  ),
);

const reportedStall = eq(stalls.id, subjectRowId);

/** A stall's report as the queue shows it: the stall, what is wrong, who said so. */
export interface StallReportPreview {
  kind: ReportKind;
  details: string;
  stall: { id: string; name: string };
  reporter: Sender;
}

/** The reports of a queue page (each its own item) with their stalls and reporters. */
async function loadStallReports(db: Db, items: OpenSubject[]) {
  const rows = await db
    .select({
      id: reports.id,
      // The stall form offers only its own kinds (ReportKind) of the vocabulary.
      kind: sql<ReportKind>`${reports.reason}`,
      details: reports.details,
      stall: { id: stalls.shopUniqueId, name: stalls.name },
      reporter: senderColumns,
    })
    .from(reports)
    .innerJoin(stalls, reportedStall)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(
      inArray(
        reports.id,
        items.map((item) => item.firstId),
      ),
    );
  const byId = new Map(rows.map(({ id, ...preview }) => [id, preview]));
  return (item: OpenSubject): StallReportPreview | undefined => byId.get(item.firstId);
}

/** How the log names a stall: its name and who submitted it. */
const loggedStall = (key: string) =>
  loggedRow(stalls, eq(stalls.id, Number(key)), {
    id: stalls.shopUniqueId,
    name: stalls.name,
    person: stalls.createdBy,
  });

export const stallSubject: ReportSubject<StallReportPreview> = {
  type: "stall",
  async find(db, id, reporter) {
    const stall = await findVisibleStallRef(db, id, reporter);
    return stall && { key: String(stall.id), authorId: null };
  },
  notFound: "Stall not found",
  own: null,
  limit: { counts: "attempts", key: "stall-report", daily: DAILY_STALL_REPORT_LIMIT },
  againAfterKeep: true,
  logged: loggedStall,
  queue: {
    tab: "reports",
    perReport: true,
    inQueue: (q) =>
      sql`EXISTS (SELECT 1 FROM ${stalls} WHERE ${reportedStall} AND ${stallMatches(q) ?? sql`1`})`,
    load: loadStallReports,
    decisions: { keep: null, remove: null },
    // A stall reported closed for good can be removed from here.
    offered: (report) => (report.kind === "closed" ? ["keep", "remove"] : ["keep"]),
    decide: ({ db, kv, photos }, moderatorId, { reportId }, decision) =>
      decision === "remove"
        ? removeReportedStall(db, kv, photos, reportId, moderatorId)
        : resolveReport(db, kv, reportId, moderatorId),
    said: { keep: msg("Report resolved."), remove: msg('"{name}" was removed.') },
  },
};

/** Report Issue on a stall's page and POST /api/shop/:id/reports, for a stall the caller found visible. A repeat of
 * the reporter's open report stands, answered as the first was. */
export async function createStallReport(
  db: Db,
  report: { stallId: number; reporterId: string; kind: ReportKind; details: string },
): Promise<void> {
  await fileOrKeep(() =>
    fileFound(db, stallSubject, { key: String(report.stallId), authorId: null }, report.reporterId, {
      reason: report.kind,
      details: report.details,
    }),
  );
}

/** What a moderator's decision on a report tells the people who saved the stall. */
const MOVED_NEWS = (name: string) => (t: Translate) => ({
  title: t('"{name}", a stall you saved, was reported moved', { name }),
  body: t("A moderator checked the report. See the stall's page for where to find it now."),
});
const CLOSED_NEWS = (name: string) => (t: Translate) => ({
  title: t('"{name}", a stall you saved, has closed for good', { name }),
  body: t("A moderator removed it from Nukkad after it was reported closed."),
});

async function findReport(db: Db, reportId: number) {
  const [report] = await db
    .select({
      reason: reports.reason,
      decidedAt: reports.decidedAt,
      stallId: stalls.id,
      name: stalls.name,
      shopUniqueId: stalls.shopUniqueId,
    })
    .from(reports)
    .innerJoin(stalls, reportedStall)
    .where(and(eq(reports.id, reportId), eq(reports.subjectType, "stall")))
    .limit(1);
  if (!report) throw new ModelError(404, "Report not found");
  if (report.decidedAt !== null) throw new ModelError(409, ALREADY_DECIDED);
  return report;
}

/**
 * Keeps the stall of an open report (the report is resolved), answering its name. Resolving a 'moved' report tells
 * everyone who saved the stall, in the same batch and only when this resolved it (a second moderator's click tells
 * nobody again). Resolving a 'closed' report keeps the stall (the moderator found it open: "Remove stall" is the
 * other answer), so it tells nobody. Only this report closes: the stall's other reports say other things.
 */
export async function resolveReport(
  db: Db,
  kv: KVNamespace,
  reportId: number,
  moderatorId: string,
  now = Date.now(),
): Promise<{ name: string }> {
  const report = await findReport(db, reportId);
  const moved = report.reason === "moved";
  const told = moved ? await bookmarkersToRefresh(db, report.stallId) : [];
  const key = String(report.stallId);
  const [, resolved] = await db.batch([
    ...recordDecision(
      db,
      { type: "stall", key, decision: "keep", moderatorId, logged: loggedStall(key), closes: { reportId } },
      now,
    ),
    ...(moved
      ? [
          tellBookmarkers(db, {
            stallId: report.stallId,
            link: `/stall/${report.shopUniqueId}`,
            text: MOVED_NEWS(report.name),
            onlyAfterChange: true,
          }),
        ]
      : []),
  ]);
  if (!resolved || (resolved as unknown[]).length === 0) throw new ModelError(409, ALREADY_DECIDED);
  await refreshUnreadCounts(db, kv, told);
  return { name: report.name };
}

/** "Remove stall" on an open 'closed for good' report: the stall, its photos and its other reports' questions go
 * (every open report of it is closed as removed), and everyone who saved it is told in the batch that deletes it. */
export async function removeReportedStall(
  db: Db,
  kv: KVNamespace,
  photos: R2Bucket,
  reportId: number,
  moderatorId: string,
  now = Date.now(),
): Promise<{ name: string }> {
  const report = await findReport(db, reportId);
  if (report.reason !== "closed") {
    throw new ModelError(409, "Only a stall reported closed for good can be removed");
  }
  const told = await bookmarkersToRefresh(db, report.stallId);
  await deleteStall(db, photos, report.stallId, [
    ...recordDecision(
      db,
      {
        type: "stall",
        key: String(report.stallId),
        decision: "remove",
        moderatorId,
        logged: loggedStall(String(report.stallId)),
        when: sql`EXISTS (SELECT 1 FROM ${stalls} WHERE ${stalls.id} = ${report.stallId})`,
      },
      now,
    ),
    tellBookmarkers(db, {
      stallId: report.stallId,
      link: `/stall/${report.shopUniqueId}`,
      text: CLOSED_NEWS(report.name),
    }),
  ]);
  await refreshUnreadCounts(db, kv, told);
  return { name: report.name };
}

export type OpenStallReport = StallReportPreview & { id: number; created_at: number };

/** GET /api/moderation/stall-reports: the Open reports tab as that endpoint always answered it. */
export const listOpenReports = (db: Db, query: QueueQuery = QUEUE_START) =>
  readPageAs(db, [stallSubject], query, ({ id, preview, created_at }) => ({
    id,
    ...(preview as StallReportPreview),
    created_at,
  }));
