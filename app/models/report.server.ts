// "Report Issue" on a stall's page: stored for the moderation queue until a moderator resolves it.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, stallReports, stalls, users } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { QUEUE_START, type QueueQuery, type ReportKind } from "~/lib/schemas/moderation";
import { ModelError } from "./model-error";
import { ALREADY_DECIDED, deleteStall } from "./moderation.server";
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

/** Closes an open report, answering its stall's name. */
export async function resolveReport(
  db: Db,
  reportId: number,
  moderatorId: string,
): Promise<{ name: string }> {
  const [resolved] = await db
    .update(stallReports)
    .set({ resolvedAt: Date.now(), resolvedBy: moderatorId })
    .where(and(eq(stallReports.id, reportId), isNull(stallReports.resolvedAt)))
    .returning({ stallId: stallReports.stallId });
  if (!resolved) return refuseMissingOrDecided(db, reportId);
  return { name: await stallName(db, resolved.stallId) };
}

/** "Remove stall" on an open 'closed for good' report: the stall, its photos and its other reports go. */
export async function removeReportedStall(
  db: Db,
  photos: R2Bucket,
  reportId: number,
): Promise<{ name: string }> {
  const [report] = await db
    .select({ stallId: stallReports.stallId, name: stalls.name })
    .from(stallReports)
    .innerJoin(stalls, eq(stalls.id, stallReports.stallId))
    .where(
      and(eq(stallReports.id, reportId), eq(stallReports.kind, "closed"), isNull(stallReports.resolvedAt)),
    )
    .limit(1);
  if (!report) return refuseMissingOrDecided(db, reportId);
  await deleteStall(db, photos, report.stallId);
  return { name: report.name };
}

async function stallName(db: Db, stallId: number): Promise<string> {
  const [row] = await db.select({ name: stalls.name }).from(stalls).where(eq(stalls.id, stallId));
  return row?.name ?? "";
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
