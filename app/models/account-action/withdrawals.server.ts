// What a suspension withdraws (ADR 052): each kind of the person's content, listed in account_action_hides as it is
// hidden, so that the end of the suspension restores exactly those rows.
import { and, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import {
  accountActionHides,
  accountActions,
  type HiddenKind,
  postComments,
  posts,
  reels,
  stalls,
  trails,
} from "~/db/schema";

/** What each kind hides: the rows of the person still shown, as one INSERT of account_action_hides, then the change. */
export interface Withdrawal {
  kind: HiddenKind;
  /** The rows to withdraw, as `SELECT id FROM ...` of the person's. */
  rows: (userId: string) => SQL;
  withdraw: (
    db: Db,
    userId: string,
    hide: { reason: string; moderatorId: string; now: number },
  ) => BatchItem<"sqlite">;
  /** Puts back the rows of `hidden` (account_action_hides of the ending action) still as the action left them. */
  restore: (db: Db, hidden: (row: SQL, at?: SQL) => SQL) => BatchItem<"sqlite">;
}

const hiddenColumns = (hide: { reason: string; moderatorId: string; now: number }) => ({
  hiddenAt: hide.now,
  hiddenReason: hide.reason,
  hiddenBy: hide.moderatorId,
});
const shownColumns = { hiddenAt: null, hiddenReason: null, hiddenBy: null };

/** Posts, reels and trails: hidden with the columns a moderator's hide writes, so they show in the Hidden tab. A reel
 * keeps its status: an approved one is not sent back to the queue of new reels, a pending one leaves it meanwhile. */
function hidingRows(
  kind: HiddenKind,
  table: typeof posts | typeof reels | typeof trails,
  author: SQLiteColumn,
): Withdrawal {
  return {
    kind,
    rows: (userId) =>
      sql`SELECT ${table.id} FROM ${table} WHERE ${author} = ${userId} AND ${table.hiddenAt} IS NULL`,
    withdraw: (db, userId, hide) =>
      db
        .update(table)
        .set(hiddenColumns(hide))
        .where(and(eq(author, userId), isNull(table.hiddenAt))),
    restore: (db, hidden) =>
      db
        .update(table)
        .set(shownColumns)
        .where(hidden(sql`${table.id}`, sql`${table.hiddenAt}`)),
  };
}

export const WITHDRAWALS: Withdrawal[] = [
  hidingRows("post", posts, posts.userId),
  {
    kind: "comment",
    rows: (userId) =>
      sql`SELECT ${postComments.id} FROM ${postComments} WHERE ${postComments.userId} = ${userId} AND ${postComments.hiddenAt} IS NULL`,
    withdraw: (db, userId, { reason, now }) =>
      db
        .update(postComments)
        .set({ hiddenAt: now, hiddenReason: reason })
        .where(and(eq(postComments.userId, userId), isNull(postComments.hiddenAt))),
    restore: (db, hidden) =>
      db
        .update(postComments)
        .set({ hiddenAt: null, hiddenReason: null })
        .where(hidden(sql`${postComments.id}`, sql`${postComments.hiddenAt}`)),
  },
  hidingRows("trail", trails, trails.authorId),
  hidingRows("reel", reels, reels.userId),
];

/** Removing as spam also rejects the stalls the person submitted that still wait; a lift puts them back in the queue. */
export const PENDING_STALLS: Withdrawal = {
  kind: "stall",
  rows: (userId) =>
    sql`SELECT ${stalls.id} FROM ${stalls} WHERE ${stalls.createdBy} = ${userId} AND ${stalls.status} = 'pending'`,
  withdraw: (db, userId, { reason, now }) =>
    db
      .update(stalls)
      .set({ status: "rejected", statusReason: reason, updatedAt: now })
      .where(and(eq(stalls.createdBy, userId), eq(stalls.status, "pending"))),
  restore: (db, hidden) =>
    db
      .update(stalls)
      .set({ status: "pending", statusReason: null })
      .where(and(eq(stalls.status, "rejected"), hidden(sql`${stalls.id}`))),
};

/** Comment counts count visible comments: recounted on every post the person commented on. */
export const recountCommentsOf = (db: Db, userId: string) =>
  db
    .update(posts)
    .set({
      commentCount: sql`(SELECT count(*) FROM ${postComments} AS c WHERE c.post_id = ${posts.id} AND c.hidden_at IS NULL)`,
    })
    .where(
      sql`${posts.id} IN (SELECT ${postComments.postId} FROM ${postComments} WHERE ${postComments.userId} = ${userId})`,
    );

/** The statements that end restriction `actionId` of `userId`, restoring what it hid that is still as it left it. */
export function endStatements(db: Db, userId: string, actionId: number, now: number): BatchItem<"sqlite">[] {
  // By the rows' ids (their primary keys), and for hidden rows only while hidden at the action's time: a row a
  // moderator restored and hid again since is theirs, not the action's.
  const of = (kind: HiddenKind) => (row: SQL, at?: SQL) => {
    const listed = sql`FROM ${accountActionHides} AS h WHERE h.action_id = ${actionId} AND h.kind = ${kind}`;
    return at
      ? sql`${row} IN (SELECT h.row_id ${listed}) AND ${at} = (SELECT h.hidden_at ${listed} AND h.row_id = ${row})`
      : sql`${row} IN (SELECT h.row_id ${listed})`;
  };
  return [
    ...[...WITHDRAWALS, PENDING_STALLS].map((w) => w.restore(db, of(w.kind))),
    recountCommentsOf(db, userId),
    db.update(accountActions).set({ endedAt: now }).where(eq(accountActions.id, actionId)),
  ];
}

/**
 * Ends the restrictions whose date has passed (the Worker's Cron Trigger), restoring what they hid. Sign-in and
 * the write paths already treat them as ended; this puts the content back. Answers how many it ended.
 */
export async function endExpiredRestrictions(db: Db, now = Date.now()): Promise<number> {
  const expired = await db
    .select({ id: accountActions.id, userId: accountActions.userId })
    .from(accountActions)
    .where(
      and(
        isNull(accountActions.endedAt),
        sql`${accountActions.until} IS NOT NULL`,
        lte(accountActions.until, now),
      ),
    );
  for (const { id, userId } of expired)
    await db.batch(endStatements(db, userId, id, now) as [BatchItem<"sqlite">]);
  return expired.length;
}
