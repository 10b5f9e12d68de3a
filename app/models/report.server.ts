// "Report Issue" on a stall's page: stored for the moderation queue until a moderator resolves it.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, stallReports, stalls, users } from "~/db/schema";
import { msg, type Translate } from "~/lib/i18n/translate";
import { QUEUE_START, type QueueQuery, type ReportKind } from "~/lib/schemas/moderation";
import { ModelError } from "./model-error";
import { ALREADY_DECIDED, deleteStall } from "./moderation.server";
import {
  bookmarkersToRefresh,
  refreshUnreadCounts,
  tellBookmarkers,
} from "./notification/notification.server";
import { type QueuePage, readQueuePage, stallMatches } from "./queue.server";
import { consumeRateLimit, DAY_MS, type DailyLimit, dailyLimit } from "./rate-limit.server";
import { type Sender, senderColumns } from "./user.server";

export const DAILY_STALL_REPORT_LIMIT = dailyLimit(
  10,
  msg("You can report up to 10 stall issues a day. Please try again tomorrow."),
);

/**
 * Counts one report against its sender's daily allowance and refuses it past `limit` (429, with when to try
 * again). The count is one atomic upsert (consumeRateLimit), so a burst of parallel reports cannot all pass a
 * count read beforehand.
 */
export async function spendReportAllowance(
  db: Db,
  key: string,
  { limit, message }: DailyLimit,
): Promise<void> {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, {
    limit,
    windowSeconds: DAY_MS / 1000,
  });
  if (!allowed) throw new ModelError(429, message, { retryAfterSeconds });
}

export async function createStallReport(
  db: Db,
  report: { stallId: number; reporterId: string; kind: ReportKind; details: string },
): Promise<void> {
  await spendReportAllowance(db, `stall-report:${report.reporterId}`, DAILY_STALL_REPORT_LIMIT);
  await db.insert(stallReports).values(report);
}

export interface OpenReport {
  id: number;
  kind: ReportKind;
  details: string;
  created_at: number;
  stall: { id: string; name: string };
  reporter: Sender;
}

export const REPORT_PAGE_SIZE = 20;

/** Open reports, a page at a time. */
export async function listOpenReports(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<OpenReport>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    REPORT_PAGE_SIZE,
    { at: stallReports.createdAt, id: stallReports.id },
    ({ bound, orderBy, limit }) =>
      db
        .select({
          id: stallReports.id,
          kind: stallReports.kind,
          details: stallReports.details,
          created_at: stallReports.createdAt,
          stall: { id: stalls.shopUniqueId, name: stalls.name },
          reporter: senderColumns,
        })
        .from(stallReports)
        .innerJoin(stalls, eq(stalls.id, stallReports.stallId))
        .innerJoin(users, eq(users.id, stallReports.reporterId))
        .leftJoin(profiles, eq(profiles.userId, stallReports.reporterId))
        .where(and(isNull(stallReports.resolvedAt), stallMatches(query.q), bound))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { items: rows, previous, next };
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

/**
 * Closes an open report, answering its stall's name. Resolving a 'moved' report tells everyone who saved the stall,
 * in the same batch and only when this resolved it (a second moderator's click tells nobody again). Resolving a
 * 'closed' report keeps the stall (the moderator found it open: "Remove stall" is the other answer), so it tells
 * nobody.
 */
export async function resolveReport(
  db: Db,
  kv: KVNamespace,
  reportId: number,
  moderatorId: string,
): Promise<{ name: string }> {
  const [report] = await db
    .select({
      kind: stallReports.kind,
      stallId: stallReports.stallId,
      name: stalls.name,
      shopUniqueId: stalls.shopUniqueId,
    })
    .from(stallReports)
    .innerJoin(stalls, eq(stalls.id, stallReports.stallId))
    .where(eq(stallReports.id, reportId))
    .limit(1);
  if (!report) return refuseMissingOrDecided(db, reportId);
  const moved = report.kind === "moved";
  const told = moved ? await bookmarkersToRefresh(db, report.stallId) : [];
  const [resolved] = await db.batch([
    db
      .update(stallReports)
      .set({ resolvedAt: Date.now(), resolvedBy: moderatorId })
      .where(and(eq(stallReports.id, reportId), isNull(stallReports.resolvedAt)))
      .returning({ stallId: stallReports.stallId }),
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
  if (resolved.length === 0) return refuseMissingOrDecided(db, reportId);
  await refreshUnreadCounts(db, kv, told);
  return { name: report.name };
}

/** "Remove stall" on an open 'closed for good' report: the stall, its photos and its other reports go, and everyone
 * who saved it is told in the batch that deletes it (its favourites go with it). */
export async function removeReportedStall(
  db: Db,
  kv: KVNamespace,
  photos: R2Bucket,
  reportId: number,
): Promise<{ name: string }> {
  const [report] = await db
    .select({ stallId: stallReports.stallId, name: stalls.name, shopUniqueId: stalls.shopUniqueId })
    .from(stallReports)
    .innerJoin(stalls, eq(stalls.id, stallReports.stallId))
    .where(
      and(eq(stallReports.id, reportId), eq(stallReports.kind, "closed"), isNull(stallReports.resolvedAt)),
    )
    .limit(1);
  if (!report) return refuseMissingOrDecided(db, reportId);
  const told = await bookmarkersToRefresh(db, report.stallId);
  await deleteStall(db, photos, report.stallId, [
    tellBookmarkers(db, {
      stallId: report.stallId,
      link: `/stall/${report.shopUniqueId}`,
      text: CLOSED_NEWS(report.name),
    }),
  ]);
  await refreshUnreadCounts(db, kv, told);
  return { name: report.name };
}

/** Why a decision on a report found nothing to change: the report is gone (404), decided or not 'closed' (409). */
async function refuseMissingOrDecided(db: Db, reportId: number): Promise<never> {
  const [report] = await db
    .select({ id: stallReports.id, resolvedAt: stallReports.resolvedAt })
    .from(stallReports)
    .where(eq(stallReports.id, reportId));
  if (!report) throw new ModelError(404, "Report not found");
  if (report.resolvedAt) throw new ModelError(409, ALREADY_DECIDED);
  throw new ModelError(409, "Only a stall reported closed for good can be removed");
}
