import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications, stalls, users } from "~/db/schema";

export interface StallUpdate {
  title: string;
  body: string;
  link: string;
}

/**
 * The insert of a 'stall_update' notification for the person who submitted a stall, for a db.batch() right after
 * the statement that changes the stall. It inserts only when that statement changed a row (SQLite's changes()), so
 * a second moderator whose decision came too late notifies nobody. A stall without a submitter notifies nobody.
 */
export function notifySubmitterAfterChange(db: Db, stallId: number, update: StallUpdate) {
  return db.insert(notifications).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        userId: stalls.createdBy,
        type: sql<"stall_update">`'stall_update'`.as("type"),
        title: sql<string>`${update.title}`.as("title"),
        body: sql<string>`${update.body}`.as("body"),
        link: sql<string>`${update.link}`.as("link"),
        actorId: sql<null>`NULL`.as("actor_id"),
        subject: sql<string>`${`stall:${stallId}`}`.as("subject"),
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${Date.now()}`.as("created_at"),
      })
      .from(stalls)
      .where(and(eq(stalls.id, stallId), isNotNull(stalls.createdBy), sql`changes() = 1`)),
  );
}

export interface CommunityNotice {
  /** Who is told. */
  userId: string;
  /** Who did it: nobody is told about their own like, comment, follow or mention. */
  actorId: string;
  type: "like" | "comment" | "follow" | "mention";
  title: string;
  body?: string;
  link: string;
  /** 'post:<public id>', 'review:<id>' or 'user:<id>', so the inbox can group and spot removed subjects. */
  subject: string;
  /** Insert only when the statement just before it in the batch changed a row (SQLite's changes()): a repeated
   * follow or like, whose insert found its row already there, notifies nobody a second time. */
  onlyAfterChange?: boolean;
}

/** The insert of one notification row for a community event, for the same db.batch() as the event's own row; null
 * for your own actions, so callers spread `notices.filter(Boolean)` into the batch. A deleted account is told
 * nothing: its posts stay (ADR 021) and may still be liked or answered. */
export function communityNotice(db: Db, notice: CommunityNotice) {
  if (notice.userId === notice.actorId) return null;
  const row = {
    userId: notice.userId,
    actorId: notice.actorId,
    type: notice.type,
    title: notice.title,
    body: notice.body ?? "",
    link: notice.link,
    subject: notice.subject,
  };
  return db.insert(notifications).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        userId: users.id,
        type: sql<CommunityNotice["type"]>`${row.type}`.as("type"),
        title: sql<string>`${row.title}`.as("title"),
        body: sql<string>`${row.body}`.as("body"),
        link: sql<string>`${row.link}`.as("link"),
        actorId: sql<string>`${row.actorId}`.as("actor_id"),
        subject: sql<string>`${row.subject}`.as("subject"),
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${Date.now()}`.as("created_at"),
      })
      .from(users)
      .where(
        and(
          eq(users.id, row.userId),
          isNull(users.deletedAt),
          notice.onlyAfterChange ? sql`changes() = 1` : undefined,
        ),
      ),
  );
}
