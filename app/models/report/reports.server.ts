// The reports table's own rules, the same for every subject (ADR 045): filing a report under one open report per
// person and subject, the queue of reported subjects, and closing their open reports with a decision.
import { and, asc, eq, inArray, isNull, min, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reports } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { QueueQuery, ReportDecision, ReportReason, ReportSubjectType } from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import { type QueuePage, readQueuePage } from "~/models/queue.server";
import { consumeRateLimit, DAY_MS } from "~/models/rate-limit.server";
import type { FoundSubject, ReportSubject } from "./subject.server";

export const ALREADY_REPORTED = msg("You have reported this already. A moderator will look at it.");
export const REPORTS_GONE = msg("These reports were already decided. The queue is up to date now.");

/** The reporter's report of the subject that stands in the way of another: an open one, or one kept. */
const standingReportBy = (
  type: ReportSubjectType,
  key: string,
  reporterId: string,
  againAfterKeep: boolean,
) =>
  and(
    eq(reports.subjectType, type),
    eq(reports.subjectId, key),
    eq(reports.reporterId, reporterId),
    againAfterKeep
      ? isNull(reports.decidedAt)
      : sql`(${reports.decidedAt} IS NULL OR ${reports.decision} = 'keep')`,
  );

/**
 * Files a report of a subject its adapter found: 400 or 403 for one's own (as the adapter says), 409 when the
 * reporter already has a report of it open (or kept, where the adapter says so), 429 past their day's limit.
 */
export async function fileFound(
  db: Db,
  subject: ReportSubject,
  found: FoundSubject,
  reporterId: string,
  { reason, details }: { reason: ReportReason; details: string },
  now = Date.now(),
): Promise<{ id: number }> {
  if (subject.own && found.authorId === reporterId) {
    throw new ModelError(subject.own.status, subject.own.message);
  }
  const { type, limit, againAfterKeep } = subject;
  const key = found.key;
  const standing = standingReportBy(type, key, reporterId, againAfterKeep);
  const alreadyOpen = async () =>
    (await db.select({ id: reports.id }).from(reports).where(standing).limit(1)).length > 0;
  if (limit?.counts === "attempts") {
    const { allowed, retryAfterSeconds } = await consumeRateLimit(db, `${limit.key}:${reporterId}`, {
      limit: limit.daily.limit,
      windowSeconds: DAY_MS / 1000,
    });
    if (!allowed) throw new ModelError(429, limit.daily.message, { retryAfterSeconds });
  } else if (await alreadyOpen()) {
    throw new ModelError(409, ALREADY_REPORTED);
  }
  // The count of the reporter's day and the insert are one statement, so a burst cannot pass the limit.
  const underLimit =
    limit?.counts === "reports"
      ? sql`(SELECT count(*) FROM ${reports} WHERE ${reports.reporterId} = ${reporterId}
          AND ${inArray(reports.subjectType, [...limit.types])} AND ${reports.createdAt} > ${now - DAY_MS}) < ${limit.daily.limit}`
      : sql`1`;
  const [inserted] = await db.all<{ id: number }>(sql`
    INSERT INTO ${reports} (subject_type, subject_id, reporter_id, reason, details, created_at)
    SELECT ${type}, ${key}, ${reporterId}, ${reason}, ${details}, ${now}
    WHERE ${underLimit} AND NOT EXISTS (SELECT 1 FROM ${reports} WHERE ${standing})
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted) return { id: inserted.id };
  if (await alreadyOpen()) throw new ModelError(409, ALREADY_REPORTED);
  throw new ModelError(429, limit?.daily.message ?? ALREADY_REPORTED);
}

/** Which open reports a decision closes: one report (a stall's reports each say something else), or all of a
 * subject's (or of the subjects a subquery of keys names: a hidden post's comments). */
export type DecidedReports = { reportId: number } | { type: ReportSubjectType; key: string | SQL };

/**
 * The one statement that closes open reports with a moderator's decision, for the batch that carries the decision
 * out. Every decision on a report passes here: the audit log (issue 33) writes its entry beside it.
 */
export function recordDecision(
  db: Db,
  decided: DecidedReports & { decision: ReportDecision; moderatorId: string },
  now = Date.now(),
) {
  const which =
    "reportId" in decided
      ? eq(reports.id, decided.reportId)
      : and(
          eq(reports.subjectType, decided.type),
          typeof decided.key === "string"
            ? eq(reports.subjectId, decided.key)
            : sql`${reports.subjectId} IN ${decided.key}`,
        );
  return db
    .update(reports)
    .set({ decidedAt: now, decidedBy: decided.moderatorId, decision: decided.decision })
    .where(and(which, isNull(reports.decidedAt)))
    .returning({ id: reports.id });
}

/** The subject an open report is about (a queue item names its first open report), or 409 when none is open. */
export async function subjectOfOpenReport(
  db: Db,
  types: readonly ReportSubjectType[],
  reportId: number,
): Promise<{ type: ReportSubjectType; key: string; reason: ReportReason }> {
  const [report] = await db
    .select({ type: reports.subjectType, key: reports.subjectId, reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.id, reportId), inArray(reports.subjectType, [...types]), isNull(reports.decidedAt)))
    .limit(1);
  if (!report) throw new ModelError(409, REPORTS_GONE);
  return report;
}

/** The per-subject endpoints' answer to a repeat: their report stands ("created: false"), not an error. */
export async function fileOrKeep(file: () => Promise<unknown>): Promise<{ created: boolean }> {
  try {
    await file();
    return { created: true };
  } catch (error) {
    if (error instanceof ModelError && error.status === 409) return { created: false };
    throw error;
  }
}

/** `reports.subject_id` as the integer row id most subjects are keyed by, for their queue's EXISTS. */
export const subjectRowId = sql`CAST(${reports.subjectId} AS INTEGER)`;

/** The subjects of the given types with open reports that `inQueue` keeps (still visible, matching the search). */
function openSubjects(db: Db, types: readonly ReportSubjectType[], inQueue: SQL | undefined) {
  return db
    .select({
      key: reports.subjectId,
      type: reports.subjectType,
      first: min(reports.createdAt).mapWith(Number),
      firstId: min(reports.id).mapWith(Number),
    })
    .from(reports)
    .where(and(inArray(reports.subjectType, [...types]), isNull(reports.decidedAt), inQueue))
    .groupBy(reports.subjectType, reports.subjectId);
}

/** How many subjects of the given types wait in the queue: a tab's figure. */
export function countOpenSubjects(db: Db, types: readonly ReportSubjectType[], inQueue: SQL | undefined) {
  const subjects = openSubjects(db, types, inQueue).as(`open_${types.join("_")}`);
  return db.select({ n: sql<number>`count(*)` }).from(subjects);
}

export interface OpenSubject {
  key: string;
  type: ReportSubjectType;
  /** The subject's first open report: the queue item's key, and what Keep names. */
  firstId: number;
  /** When it came in. */
  first: number;
}

export const REPORTED_PAGE_SIZE = 20;

/** Subjects of the given types with open reports, a page at a time, each placed by its first open report. */
async function readOpenSubjects(
  db: Db,
  types: readonly ReportSubjectType[],
  inQueue: SQL | undefined,
  query: QueueQuery,
): Promise<QueuePage<OpenSubject>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    REPORTED_PAGE_SIZE,
    { at: sql<number>`min(${reports.createdAt})`, id: sql<number>`min(${reports.id})` },
    ({ bound, orderBy, limit }) =>
      openSubjects(db, types, inQueue)
        .having(bound)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.first, id: row.firstId }),
  );
  return { items: rows, previous, next };
}

export interface OpenReport {
  reason: ReportReason;
  details: string;
  created_at: number;
}

/** A report of a subject whose form takes the reporter's own words (posts, comments, reels, reviews): the queue
 * shows those words as its reason, as it always has; a reason chosen through POST /api/reports comes first. */
export interface ReportWords {
  reason: string;
  created_at: number;
}

export function inWords({ reason, details, created_at }: OpenReport): ReportWords {
  return { reason: reason === "other" ? details : [reason, details].filter(Boolean).join(": "), created_at };
}

/** The open reports of the subjects on a queue page, oldest first, by subject key. */
async function openReportsOf(
  db: Db,
  type: ReportSubjectType,
  keys: string[],
): Promise<Map<string, OpenReport[]>> {
  const rows =
    keys.length === 0
      ? []
      : await db
          .select({
            key: reports.subjectId,
            reason: reports.reason,
            details: reports.details,
            createdAt: reports.createdAt,
          })
          .from(reports)
          .where(
            and(eq(reports.subjectType, type), inArray(reports.subjectId, keys), isNull(reports.decidedAt)),
          )
          .orderBy(asc(reports.createdAt), asc(reports.id));
  const byKey = new Map<string, OpenReport[]>();
  for (const row of rows) {
    const list = byKey.get(row.key) ?? [];
    list.push({ reason: row.reason, details: row.details, created_at: row.createdAt });
    byKey.set(row.key, list);
  }
  return byKey;
}

/**
 * A queue page of reported subjects of `types` as their cards show them: `load` reads the page's subjects (and
 * answers how to find each; one gone meanwhile is left out), `item` makes a card of a subject, what was loaded of it
 * and its open reports.
 */
export async function readReportedPage<Shown, Item>(
  db: Db,
  types: readonly ReportSubjectType[],
  inQueue: SQL,
  query: QueueQuery,
  load: (subjects: OpenSubject[]) => Promise<(subject: OpenSubject) => Shown | undefined>,
  item: (subject: OpenSubject, shown: Shown, reports: OpenReport[]) => Item,
): Promise<QueuePage<Item>> {
  const page = await readOpenSubjects(db, types, inQueue, query);
  const keysOf = (type: ReportSubjectType) => page.items.filter((s) => s.type === type).map((s) => s.key);
  const [find, ...open] = await Promise.all([
    load(page.items),
    ...types.map((type) => openReportsOf(db, type, keysOf(type))),
  ]);
  const items = page.items.flatMap((subject) => {
    const shown = find(subject);
    const reports = open[types.indexOf(subject.type)]?.get(subject.key) ?? [];
    return shown === undefined ? [] : [item(subject, shown, reports)];
  });
  return { items, previous: page.previous, next: page.next };
}

/** `readReportedPage`'s `load` for subjects keyed by row id, from a read of them by their ids. */
export const byRowId =
  <Shown>(read: (ids: number[]) => Promise<Map<number, Shown>>) =>
  async (subjects: OpenSubject[]) => {
    const shown = await read(subjects.map((subject) => Number(subject.key)));
    return (subject: OpenSubject) => shown.get(Number(subject.key));
  };
