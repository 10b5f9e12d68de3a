import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications, stalls } from "~/db/schema";

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
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${Date.now()}`.as("created_at"),
      })
      .from(stalls)
      .where(and(eq(stalls.id, stallId), isNotNull(stalls.createdBy), sql`changes() = 1`)),
  );
}
