// The queues of submissions (new stalls, ownership claims, new reels, posts the spam rules held) wait for a moderator the same way: a page of
// pending items under a search, and one decision each, approve or reject, that changes the item only while it is
// pending, tells its submitter in their language in the same batch, and is refused with 409 when another moderator
// was first. Each queue is a descriptor (`Submission`) of what differs; listSubmissions and decideSubmission do the
// rest once.
import { and, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { ModerationStatus } from "~/lib/rules/options";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import type { SubmissionKind } from "~/lib/schemas/moderation-log";
import { logEntry } from "./audit.server";
import { ModelError } from "./model-error";
import { notice, refreshUnreadCounts } from "./notification/notification.server";
import { ALREADY_DECIDED, type QueuePage, readQueuePage, stillPending } from "./queue.server";
import type { Sender } from "./user.server";

/** A submission as a decision finds it: whether it still waits, who sent it (null: nobody, or a deleted account)
 * and the language they read in. */
export interface FoundSubmission {
  status: ModerationStatus;
  submitterId: string | null;
  language: string | null;
}

export type SubmissionDecision = { moderatorId: string } & (
  | { approve: true }
  | { approve: false; reason: string }
);

/** What one decision writes, in this order in its batch. */
export interface DecisionStatements {
  /** Changes the item only while it is pending; its returning rows are none when another moderator was first. */
  decide: BatchItem<"sqlite">;
  /** What follows from it, each statement changing one row exactly when the one before it did (SQLite's changes(),
   * which the submitter's notice after them reads). */
  follows?: BatchItem<"sqlite">[];
  /** The submitter's notice ('stall_update'). */
  tell: { title: string; body: string; link: string; subject: string };
  rest?: BatchItem<"sqlite">[];
  /** Others that `rest` tells (a held post's mentions), whose bell counts are refreshed after. */
  told?: string[];
}

/** One queue of submissions: one select serves its pages and the decisions on its items. */
export interface Submission<Row extends FoundSubmission, Item> {
  /** What the moderation log calls it. */
  kind: SubmissionKind;
  table: SQLiteTable;
  /** How the log names an item: its id (the public one, where it has one) and what it is called. */
  logged(row: Row): { id: string; name: string };
  pageSize: number;
  /** The key it is paged by: when it was sent, then its row id. */
  key: PageKey;
  /** Its items still waiting. */
  pending: SQL;
  /** Its items matching a search (undefined: no search). */
  matches(q: string): SQL | undefined;
  /** The item of the id a decision names. */
  byId(id: string | number): SQL;
  /** Its rows, with who sent each: those `where` finds, in `orderBy`, at most `limit`. */
  rows(db: Db, slice: RowSlice): Promise<Row[]>;
  keyOf(row: Row): { at: number; id: number };
  /** A page's items as the queue shows them. */
  items(db: Db, rows: Row[]): Item[] | Promise<Item[]>;
  notFound: string;
  decision(
    db: Db,
    found: Row,
    decision: SubmissionDecision,
    t: Translate,
    now: number,
  ): DecisionStatements | Promise<DecisionStatements>;
}

type PageKey = Parameters<typeof readQueuePage>[2];

export interface RowSlice {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/** A page of a submission queue, oldest first by default. */
export async function listSubmissions<Row extends FoundSubmission, Item>(
  db: Db,
  submission: Submission<Row, Item>,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<Item>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    submission.pageSize,
    submission.key,
    ({ bound, orderBy, limit }) =>
      submission.rows(db, {
        where: and(submission.pending, submission.matches(query.q), bound),
        orderBy,
        limit,
      }),
    submission.keyOf,
  );
  return { items: await submission.items(db, rows), previous, next };
}

/**
 * Decides a pending submission, logged in the same batch: 404 when it does not exist, 409 when it is no longer
 * pending or another moderator decided it meanwhile (then nothing is written or logged, and nobody is told twice). Answers what was found and the batch's
 * results and its submitter's translator, for what follows the decision (e-mails, media to delete).
 */
export async function decideSubmission<Row extends FoundSubmission, Item>(
  { db, kv }: { db: Db; kv: KVNamespace },
  submission: Submission<Row, Item>,
  id: string | number,
  decision: SubmissionDecision,
  now = Date.now(),
): Promise<{ found: Row; results: unknown[]; t: Translate }> {
  const [row] = await submission.rows(db, { where: submission.byId(id), orderBy: [], limit: 1 });
  const found = stillPending(row, submission.notFound);
  // Written in the submitter's language: the one their account chose, else English (the moderator's says nothing
  // about theirs).
  const t = translatorFor(isLanguage(found.language) ? found.language : DEFAULT_LANGUAGE);
  const {
    decide,
    follows = [],
    tell,
    rest = [],
    told = [],
  } = await submission.decision(db, found, decision, t, now);
  const submitterId = found.submitterId;
  const { id: subjectId, name } = submission.logged(found);
  const rowId = submission.key.id;
  const waiting = sql`EXISTS (SELECT 1 FROM ${submission.table} WHERE ${rowId} = ${submission.keyOf(found).id}
    AND ${submission.pending})`;
  const results: unknown[] = await db.batch([
    logEntry(
      db,
      {
        moderatorId: decision.moderatorId,
        action: `${decision.approve ? "approve" : "reject"}_${submission.kind}`,
        subjectType: submission.kind,
        subjectId,
        name,
        personId: found.submitterId,
        reason: decision.approve ? "" : decision.reason,
      },
      waiting,
      now,
    ),
    decide,
    ...follows,
    ...(submitterId
      ? notice(
          db,
          { userId: submitterId, actorId: null, type: "stall_update", ...tell, onlyAfterChange: true },
          now,
        )
      : []),
    ...rest,
  ]);
  if ((results[1] as unknown[]).length === 0) throw new ModelError(409, ALREADY_DECIDED);
  await refreshUnreadCounts(db, kv, [...(submitterId ? [submitterId] : []), ...told]);
  return { found, results, t };
}

/** Who sent an item, as its card shows it; null when their account is gone. */
export const senderOrGone = (sender: { name: string | null; email: string | null }): Sender | null =>
  sender.email === null ? null : { name: sender.name, email: sender.email };
