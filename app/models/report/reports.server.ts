// The reports table's own rules, the same for every subject (ADR 045): filing a report under one open report per
// person and subject, the queue of reported subjects, and closing their open reports with a decision.
import { and, asc, eq, inArray, isNull, min, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { reports } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { DecisionReason } from "~/lib/schemas/moderation";
import type {
  QueueQuery,
  ReportDecision,
  ReportReason,
  ReportSubjectType,
} from "~/lib/schemas/moderation-fields";
import { logEntry } from "~/models/audit.server";
import { ModelError } from "~/models/model-error";
import { type QueuePage, readQueuePage } from "~/models/queue.server";
import { consumeRateLimit, DAY_MS, pastDailyLimit, underDailyLimit } from "~/models/rate-limit.server";
import { dailyLimitFor } from "~/models/trust.server";
import type { FoundSubject, Logged, OpenSubject, ReportSubject } from "./subject.server";

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
  // A new account's lower limit, where the subject has one (ADR 051).
  const daily = limit && (await dailyLimitFor(db, reporterId, limit.daily));
  if (limit?.counts === "attempts" && daily) {
    const { allowed, retryAfterSeconds } = await consumeRateLimit(db, `${limit.key}:${reporterId}`, {
      limit: daily.limit,
      windowSeconds: DAY_MS / 1000,
    });
    if (!allowed) throw new ModelError(429, daily.message, { retryAfterSeconds });
  } else if (await alreadyOpen()) {
    throw new ModelError(409, ALREADY_REPORTED);
  }
  // The count of the reporter's day and the insert are one statement, so a burst cannot pass the limit.
  const counted =
    limit?.counts === "reports"
      ? { ...REPORTS_FILED, only: inArray(reports.subjectType, [...limit.types]) }
      : null;
  const underLimit = counted && daily ? underDailyLimit(daily, counted, reporterId, now) : sql`1`;
  const [inserted] = await db.all<{ id: number }>(sql`
    INSERT INTO ${reports} (subject_type, subject_id, reporter_id, reason, details, created_at, subject_author_id)
    SELECT ${type}, ${key}, ${reporterId}, ${reason}, ${details}, ${now}, ${found.authorId}
    WHERE ${underLimit} AND NOT EXISTS (SELECT 1 FROM ${reports} WHERE ${standing})
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted) return { id: inserted.id };
  if (await alreadyOpen()) throw new ModelError(409, ALREADY_REPORTED);
  if (counted && daily) throw await pastDailyLimit(db, daily, counted, reporterId, now);
  throw new ModelError(429, daily?.message ?? ALREADY_REPORTED);
}

const REPORTS_FILED = { table: reports, owner: reports.reporterId, createdAt: reports.createdAt };

/** Which open reports a decision closes: one report (a stall's reports each say something else), or all of a
 * subject's (or of the subjects a subquery of keys names: a hidden post's comments). */
export type DecidedReports = { reportId: number } | { type: ReportSubjectType; key: string | SQL };

/** The statement that closes open reports with a moderator's decision, for the batch that carries it out. */
export function closeReports(
  db: Db,
  decided: DecidedReports & { decision: ReportDecision; moderatorId: string },
  now = Date.now(),
) {
  return db
    .update(reports)
    .set({ decidedAt: now, decidedBy: decided.moderatorId, decision: decided.decision })
    .where(and(whichReports(decided), isNull(reports.decidedAt)))
    .returning({ id: reports.id });
}

const whichReports = (decided: DecidedReports) =>
  "reportId" in decided
    ? eq(reports.id, decided.reportId)
    : and(
        eq(reports.subjectType, decided.type),
        typeof decided.key === "string"
          ? eq(reports.subjectId, decided.key)
          : sql`${reports.subjectId} IN ${decided.key}`,
      );

/** `Logged` read from the subject's row (`where` in `from`). */
export const loggedRow = (
  from: SQLWrapper,
  where: SQL,
  columns: { id: SQLWrapper; name: SQLWrapper; person: SQLWrapper },
): Logged => ({
  id: sql`(SELECT ${columns.id} FROM ${from} WHERE ${where})`,
  name: sql`(SELECT ${columns.name} FROM ${from} WHERE ${where})`,
  person: sql`(SELECT ${columns.person} FROM ${from} WHERE ${where})`,
});

/**
 * Every decision on reported subjects passes here, into the batch that carries it out, before the statement that
 * does: its moderation log entry, written only `when` the decision can be made (by default: the reports it closes
 * are still open), then the closing of its open reports (`closes`, by default all of the subject's).
 */
export function recordDecision(
  db: Db,
  decided: {
    type: ReportSubjectType;
    key: string;
    decision: ReportDecision;
    moderatorId: string;
    logged: Logged;
    reason?: string;
    when?: SQL;
    closes?: DecidedReports;
  },
  now = Date.now(),
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const closes = decided.closes ?? { type: decided.type, key: decided.key };
  const { moderatorId, decision } = decided;
  return [
    logEntry(
      db,
      {
        moderatorId,
        action: `${decision}_${decided.type}`,
        subjectType: decided.type,
        subjectId: decided.logged.id,
        name: decided.logged.name,
        personId: decided.logged.person,
        reason: decided.reason,
      },
      decided.when ??
        sql`EXISTS (SELECT 1 FROM ${reports} WHERE ${whichReports(closes)} AND ${reports.decidedAt} IS NULL)`,
      now,
    ),
    closeReports(db, { ...closes, decision, moderatorId }, now),
  ];
}

/** Keep: the subject stays as it is and its open reports close (logged); `name` is what the moderator is told it
 * is. */
export async function keepSubject(
  db: Db,
  moderatorId: string,
  subject: { type: ReportSubjectType; key: string; logged: Logged },
  name: string,
): Promise<{ name: string }> {
  await db.batch(recordDecision(db, { ...subject, decision: "keep", moderatorId }));
  return { name };
}

/** The subject an open report is about, or 409 when it is missing or decided (a second moderator learns the queue
 * moved on). */
export async function subjectOfOpenReport(
  db: Db,
  reportId: number,
): Promise<{ type: ReportSubjectType; key: string; reason: ReportReason }> {
  const [report] = await db
    .select({ type: reports.subjectType, key: reports.subjectId, reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.id, reportId), isNull(reports.decidedAt)))
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

/** The open reports of a tab's subjects that their adapters keep in the queue (still shown, matching `q`). */
function inTab(subjects: readonly ReportSubject[], q: string): SQL {
  const each = subjects.map(
    ({ type, queue }) => sql`(${reports.subjectType} = ${type} AND ${queue.inQueue(q)})`,
  );
  return sql`${reports.decidedAt} IS NULL AND (${sql.join(each, sql` OR `)})`;
}

/** A tab's queue items: one a subject, or one a report where its adapter says each report stands alone. */
function openSubjects(db: Db, subjects: readonly ReportSubject[], q: string) {
  const perReport = subjects.some((subject) => subject.queue.perReport);
  return db
    .select({
      key: reports.subjectId,
      type: reports.subjectType,
      first: min(reports.createdAt).mapWith(Number),
      firstId: min(reports.id).mapWith(Number),
    })
    .from(reports)
    .where(sql`(${inTab(subjects, q)})`)
    .groupBy(...(perReport ? [reports.id] : [reports.subjectType, reports.subjectId]));
}

/** How many items wait in a tab: its figure. */
export function countOpenSubjects(db: Db, subjects: readonly ReportSubject[], q: string) {
  const items = openSubjects(db, subjects, q).as(`open_${subjects.map((s) => s.type).join("_")}`);
  return db.select({ n: sql<number>`count(*)` }).from(items);
}

export const REPORTED_PAGE_SIZE = 20;

export interface OpenReport {
  reason: ReportReason;
  details: string;
  created_at: number;
}

/** The open reports of a page's items, oldest first, by item (its first report's id). */
async function openReportsOf(
  db: Db,
  items: OpenSubject[],
  perReport: boolean,
): Promise<Map<number, OpenReport[]>> {
  const byKey = new Map(items.map((item) => [`${item.type}:${item.key}`, item.firstId]));
  const rows =
    items.length === 0
      ? []
      : await db
          .select({
            id: reports.id,
            type: reports.subjectType,
            key: reports.subjectId,
            reason: reports.reason,
            details: reports.details,
            createdAt: reports.createdAt,
          })
          .from(reports)
          .where(
            perReport
              ? inArray(
                  reports.id,
                  items.map((item) => item.firstId),
                )
              : and(
                  inArray(reports.subjectType, [...new Set(items.map((item) => item.type))]),
                  inArray(reports.subjectId, [...new Set(items.map((item) => item.key))]),
                  isNull(reports.decidedAt),
                ),
          )
          .orderBy(asc(reports.createdAt), asc(reports.id));
  const open = new Map<number, OpenReport[]>();
  for (const row of rows) {
    const item = perReport ? row.id : byKey.get(`${row.type}:${row.key}`);
    if (item === undefined) continue;
    const list = open.get(item) ?? [];
    list.push({ reason: row.reason, details: row.details, created_at: row.createdAt });
    open.set(item, list);
  }
  return open;
}

/** A queue item of a report tab: the subject's preview (its adapter's), its open reports and what it offers. */
export interface QueueItem<Type extends ReportSubjectType = ReportSubjectType, Preview = unknown> {
  /** The subject's first open report: what a decision names. */
  id: number;
  type: Type;
  key: string;
  preview: Preview;
  /** Open reports, oldest first (a stall's item: its one report). */
  reports: OpenReport[];
  decisions: { decision: ReportDecision; reason: DecisionReason | null }[];
  /** When the first open report came in. */
  created_at: number;
}

/** Which decisions an item offers, as its adapter says. */
function offersOf<Preview>(subject: ReportSubject<Preview>, preview: Preview) {
  const known = Object.entries(subject.queue.decisions) as [ReportDecision, DecisionReason | null][];
  const offered = subject.queue.offered?.(preview);
  return known
    .filter(([decision]) => !offered || offered.includes(decision))
    .map(([decision, reason]) => ({ decision, reason }));
}

/** The previews of a page's subjects of one adapter; its `load` is asked only when the page holds some. */
export async function loadPreviews(db: Db, { type, queue }: ReportSubject, page: OpenSubject[]) {
  const mine = page.filter((subject) => subject.type === type);
  return mine.length === 0 ? () => undefined : queue.load(db, mine);
}

/** A page of a report tab: the subjects of `subjects` with open reports, each placed by its first open report. */
export async function readReportedPage(
  db: Db,
  subjects: readonly ReportSubject[],
  query: QueueQuery,
): Promise<QueuePage<QueueItem>> {
  const perReport = subjects.some((subject) => subject.queue.perReport);
  const { rows, previous, next } = await readQueuePage(
    query,
    REPORTED_PAGE_SIZE,
    { at: sql<number>`min(${reports.createdAt})`, id: sql<number>`min(${reports.id})` },
    ({ bound, orderBy, limit }) =>
      openSubjects(db, subjects, query.q)
        .having(bound)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.first, id: row.firstId }),
  );
  const [loaded, open] = await Promise.all([
    Promise.all(subjects.map((subject) => loadPreviews(db, subject, rows))),
    openReportsOf(db, rows, perReport),
  ]);
  const items = rows.flatMap((row): QueueItem[] => {
    const at = subjects.findIndex((subject) => subject.type === row.type);
    const subject = subjects[at];
    const preview = loaded[at]?.(row);
    if (!subject || preview === undefined) return [];
    return [
      {
        id: row.firstId,
        type: row.type,
        key: row.key,
        preview,
        reports: open.get(row.firstId) ?? [],
        decisions: offersOf(subject, preview),
        created_at: row.first,
      },
    ];
  });
  return { items, previous, next };
}

/** GET /api/moderation/{posts,trails,reel-reports,reviews,stall-reports}: a tab's page in the shape each of those
 * endpoints always answered, read as the queue reads it. */
export async function readPageAs<Item>(
  db: Db,
  subjects: readonly ReportSubject[],
  query: QueueQuery,
  shape: (item: QueueItem) => Item,
): Promise<QueuePage<Item>> {
  const page = await readReportedPage(db, subjects, query);
  return { ...page, items: page.items.map(shape) };
}

/** `load` for subjects keyed by row id, from a read of them by their ids. */
export const byRowId =
  <Shown>(read: (db: Db, ids: number[]) => Promise<Map<number, Shown>>) =>
  async (db: Db, subjects: OpenSubject[]) => {
    const shown = await read(
      db,
      subjects.map((s) => Number(s.key)),
    );
    return (subject: OpenSubject) => shown.get(Number(subject.key));
  };

/** A free-text report (posts, comments, reels, reviews) as those queues always showed it: the reporter's words; a
 * reason chosen through POST /api/reports comes first. */
export interface ReportWords {
  reason: string;
  created_at: number;
}

export function inWords({ reason, details, created_at }: OpenReport): ReportWords {
  return { reason: reason === "other" ? details : [reason, details].filter(Boolean).join(": "), created_at };
}
