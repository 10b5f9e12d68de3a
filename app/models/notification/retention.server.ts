import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { DAY_MS } from "~/models/rate-limit.server";
import { refreshUnreadCounts } from "./notice.server";

// Notification retention (issue 20), run by the scheduled job: read notifications go after READ_KEEP_DAYS, unread
// ones after UNREAD_KEEP_DAYS. Each statement deletes at most DELETE_CHUNK rows found through
// notifications_created_idx, and a run stops after MAX_CHUNKS of them, so a backlog drains over a few hourly runs
// instead of one statement holding the database.

export const READ_KEEP_DAYS = 90;
export const UNREAD_KEEP_DAYS = 365;
const DELETE_CHUNK = 5000;
const MAX_CHUNKS = 20;
/** People whose bell count is recounted after a run; past this, the count's one-hour TTL mends it. */
const REFRESH_CAP = 200;

export interface RetentionRun {
  deleted: number;
  /** People who lost an unread item, so whose bell count went down. */
  recounted: number;
}

/** Deletes expired notifications in bounded chunks, then recounts the bells of people who lost an unread item. */
export async function deleteExpiredNotifications(
  db: Db,
  kv: KVNamespace,
  now = Date.now(),
): Promise<RetentionRun> {
  const readBefore = now - READ_KEEP_DAYS * DAY_MS;
  const unreadBefore = now - UNREAD_KEEP_DAYS * DAY_MS;
  let deleted = 0;
  const lostUnread = new Set<string>();
  for (let chunk = 0; chunk < MAX_CHUNKS; chunk++) {
    // The index range is everything older than the shorter limit; the unread among it wait for the longer one.
    const rows = await db.all<{ user_id: string; counted: number }>(
      sql`DELETE FROM ${notifications} WHERE id IN (
            SELECT id FROM ${notifications} INDEXED BY notifications_created_idx
            WHERE created_at < ${readBefore} AND (read_at IS NOT NULL OR created_at < ${unreadBefore})
            LIMIT ${DELETE_CHUNK})
          RETURNING user_id, is_head = 1 AND read_at IS NULL AS counted`,
    );
    deleted += rows.length;
    for (const row of rows) if (row.counted) lostUnread.add(row.user_id);
    if (rows.length < DELETE_CHUNK) break;
  }
  const recount = [...lostUnread].slice(0, REFRESH_CAP);
  await refreshUnreadCounts(db, kv, recount);
  return { deleted, recounted: recount.length };
}
