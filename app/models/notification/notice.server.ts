import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { type NotificationType, notificationMutes, notifications, stalls, users } from "~/db/schema";
import { inFeedsOf } from "~/models/block.server";
import { rememberTold } from "~/models/notification/told.server";

// Writing notifications (issue 20). Every notice is an INSERT ... SELECT for the batch of the event it reports, so
// the event and its notice commit together. The SELECT reads the person told from users, which is where the rules
// every notice shares live: a deleted account is told nothing, nor is someone who switched the type off in Settings.
// Likes and follows are grouped as they are written (ADR 024). After the batch, the writer refreshes the unread
// counts it changed (refreshUnreadCounts), which the header bell reads from KV.

/** Likes on one subject, and follows, within this long of a group's first one are one item in the inbox. */
export const GROUP_WINDOW_MS = 48 * 3_600_000;

/** The unread count stops counting here: the bell shows '9+' and the Unread tab '99+', so no more is ever read. */
export const UNREAD_COUNT_CAP = 100;

export interface Notice {
  /** Who is told: an id, or an expression naming one (the submitter of a stall), read inside the batch. */
  userId: string | SQL;
  /** Who did it; null for the app's own notices. Nobody is told about their own like, comment, follow or mention. */
  actorId: string | null;
  type: NotificationType;
  title: string;
  body?: string;
  link: string;
  /** 'post:<public id>', 'reel:<public id>', 'review:<id>', 'user:<id>' or 'stall:<id>', so the inbox can group
   * and spot removed subjects. */
  subject: string;
  /** Insert only when the statement just before it in the batch changed a row (SQLite's changes()): a repeated
   * follow or like, whose insert found its row already there, notifies nobody a second time. */
  onlyAfterChange?: boolean;
}

/** The key rows of one inbox item share: likes per subject, follows all together; other types are never grouped. */
export function groupKeyOf(type: NotificationType, subject: string): string | null {
  if (type === "like") return `like:${subject}`;
  if (type === "follow") return "follow";
  return null;
}

/**
 * The statements that write one notice, for the event's own db.batch(), right after the statement whose changes()
 * `onlyAfterChange` reads; empty for your own actions, so callers spread them in. A liker or follower already in
 * the group (a like taken back and given again) adds nobody.
 */
export function notice(db: Db, notice: Notice, now = Date.now()): BatchItem<"sqlite">[] {
  if (typeof notice.userId === "string" && notice.userId === notice.actorId) return [];
  const groupKey = groupKeyOf(notice.type, notice.subject);
  const head = alias(notifications, "head");
  const windowStart = now - GROUP_WINDOW_MS;
  const select = db
    .select({
      id: sql<number>`NULL`.as("id"),
      userId: users.id,
      type: sql<NotificationType>`${notice.type}`.as("type"),
      title: sql<string>`${notice.title}`.as("title"),
      body: sql<string>`${notice.body ?? ""}`.as("body"),
      link: sql<string>`${notice.link}`.as("link"),
      actorId: sql<string | null>`${notice.actorId}`.as("actor_id"),
      subject: sql<string>`${notice.subject}`.as("subject"),
      groupKey: sql<string | null>`${groupKey}`.as("group_key"),
      groupStartedAt: sql<number>`coalesce(${head.groupStartedAt}, ${now})`.as("group_started_at"),
      groupSize: sql<number>`coalesce(${head.groupSize}, 0) + 1`.as("group_size"),
      isHead: sql<number>`1`.as("is_head"),
      readAt: sql<null>`NULL`.as("read_at"),
      createdAt: sql<number>`${now}`.as("created_at"),
    })
    .from(users)
    .leftJoin(
      head,
      groupKey === null
        ? sql`0`
        : and(
            eq(head.userId, users.id),
            eq(head.groupKey, groupKey),
            sql`${head.isHead} = 1`,
            sql`${head.groupStartedAt} > ${windowStart}`,
          ),
    )
    .where(
      and(
        eq(users.id, notice.userId),
        isNull(users.deletedAt),
        notice.actorId === null ? undefined : sql`${users.id} <> ${notice.actorId}`,
        notice.onlyAfterChange ? sql`changes() = 1` : undefined,
        sql`NOT EXISTS (SELECT 1 FROM ${notificationMutes} WHERE ${notificationMutes.userId} = ${users.id}
          AND ${notificationMutes.type} = ${notice.type} AND ${notificationMutes.channel} = 'in_app')`,
        groupKey === null || notice.actorId === null
          ? undefined
          : sql`NOT EXISTS (SELECT 1 FROM ${notifications} AS seen WHERE seen.user_id = ${users.id}
              AND seen.group_key = ${groupKey} AND seen.actor_id = ${notice.actorId}
              AND seen.created_at > ${windowStart})`,
      ),
    )
    .limit(1);
  const insert = db.insert(notifications).select(select);
  if (groupKey === null) return [insert];
  // The group's older head steps back behind the row just written; when nothing was written, the newest head of
  // the group is still the one left standing, so this changes nothing.
  const demote = db
    .update(notifications)
    .set({ isHead: false })
    .where(
      and(
        eq(notifications.userId, notice.userId),
        eq(notifications.groupKey, groupKey),
        sql`${notifications.isHead} = 1`,
        sql`${notifications.groupStartedAt} > ${windowStart}`,
        sql`${notifications.id} < (SELECT max(newest.id) FROM ${notifications} AS newest
          WHERE newest.user_id = ${notifications.userId} AND newest.group_key = ${groupKey} AND newest.is_head = 1)`,
      ),
    );
  return [insert, demote];
}

/** A community event's notice (like, comment, follow, mention): told to one person, by another. */
export function communityNotice(
  db: Db,
  event: Omit<Notice, "userId" | "actorId" | "type"> & {
    userId: string;
    actorId: string;
    type: "like" | "comment" | "follow" | "mention";
  },
  now = Date.now(),
): BatchItem<"sqlite">[] {
  return notice(db, event, now);
}

export interface StallUpdate {
  title: string;
  body: string;
  link: string;
}

/**
 * The 'stall_update' notice for the person who submitted a stall, for a db.batch() right after the statement that
 * changes the stall. It is written only when that statement changed a row, so a second moderator whose decision came
 * too late notifies nobody. A stall without a submitter notifies nobody.
 */
export function notifySubmitterAfterChange(db: Db, stallId: number, update: StallUpdate) {
  return notice(db, {
    userId: submitterOf(db, stallId),
    actorId: null,
    type: "stall_update",
    ...update,
    subject: `stall:${stallId}`,
    onlyAfterChange: true,
  });
}

/** The person who submitted a stall, as an expression for notice(). */
export function submitterOf(db: Db, stallId: number): SQL {
  return sql`(${db.select({ id: stalls.createdBy }).from(stalls).where(eq(stalls.id, stallId))})`;
}

const unreadKey = (userId: string) => `notifications:unread:${userId}`;

/** Long enough that the bell is read from KV all day; short enough that a value written by two racing requests
 * out of order mends itself (ADR 024). */
const UNREAD_TTL_SECONDS = 3600;

/** The unread count from D1: the unread items (group heads) the inbox shows, so none from someone blocked either way
 * or muted (ADR 048), at most UNREAD_COUNT_CAP of them read. */
async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${notifications}
        WHERE user_id = ${userId} AND is_head = 1 AND read_at IS NULL AND ${inFeedsOf(userId, notifications.actorId)}
        LIMIT ${UNREAD_COUNT_CAP})`,
  );
  return row?.n ?? 0;
}

/** Counts again, in D1, the unread items of the people a write may have told, and keeps the counts in KV. */
export async function refreshUnreadCounts(
  db: Db,
  kv: KVNamespace,
  userIds: readonly string[],
): Promise<void> {
  // The same people are the ones whose devices may get a push once the request has answered.
  rememberTold(db, userIds);
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      const count = await countUnread(db, userId);
      await kv.put(unreadKey(userId), String(count), { expirationTtl: UNREAD_TTL_SECONDS });
    }),
  );
}

/** The person's unread count (at most UNREAD_COUNT_CAP): from KV, or counted in D1 and kept when KV has none. */
export async function unreadCount(db: Db, kv: KVNamespace, userId: string): Promise<number> {
  const cached = await kv.get(unreadKey(userId));
  if (cached !== null && /^\d+$/.test(cached)) return Number(cached);
  const count = await countUnread(db, userId);
  await kv.put(unreadKey(userId), String(count), { expirationTtl: UNREAD_TTL_SECONDS });
  return count;
}
