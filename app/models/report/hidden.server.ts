// What moderators hid (posts, comments, trails: whatever an adapter can hide), listed together in the Hidden tab
// by when each was hidden, so a moderator finds it again and may restore it through its adapter (ADR 046).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { QueueQuery, ReportSubjectType } from "~/lib/schemas/moderation-fields";
import { type QueuePage, readQueuePage } from "~/models/queue.server";
import { loadPreviews } from "./reports.server";
import type { Hideable, ReportSubject } from "./subject.server";

export const HIDDEN_PAGE_SIZE = 20;

/** A hidden subject in the Hidden tab: its preview (as its report tab shows it) and why it was hidden. */
export interface HiddenOf<Type extends ReportSubjectType = ReportSubjectType, Preview = unknown> {
  type: Type;
  /** Its key, as restoring names it. */
  key: string;
  preview: Preview;
  reason: string;
  hidden_at: number;
}

interface HiddenRow {
  type: ReportSubjectType;
  key: string;
  at: number;
  id: number;
  reason: string;
}

type Hiding = ReportSubject & { queue: { hideable: Hideable } };

const hidingOnes = (subjects: readonly ReportSubject[]) =>
  subjects.filter((subject): subject is Hiding => subject.queue.hideable !== undefined);

const everyHidden = (subjects: readonly ReportSubject[], q: string): SQL =>
  sql.join(
    hidingOnes(subjects).map((subject) => subject.queue.hideable.hidden(q)),
    sql` UNION ALL `,
  );

/** How many hidden subjects match the search: the Hidden tab's figure. (Read beside the batch that counts the other
 * tabs: D1's batch cannot bind a select from a raw subquery.) */
export async function countHidden(db: Db, subjects: readonly ReportSubject[], q: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${everyHidden(subjects, q)})`);
  return row?.n ?? 0;
}

/** Hidden subjects, a page at a time, by when they were hidden (oldest first by default, as every queue). */
export async function readHiddenPage(
  db: Db,
  subjects: readonly ReportSubject[],
  query: QueueQuery,
): Promise<QueuePage<HiddenOf>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    HIDDEN_PAGE_SIZE,
    { at: sql`at`, id: sql`id` },
    ({ bound, orderBy, limit }) =>
      db.all<HiddenRow>(sql`SELECT * FROM (${everyHidden(subjects, query.q)})
        ${bound ? sql`WHERE ${bound}` : sql``} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${limit}`),
    (row) => ({ at: row.at, id: row.id }),
  );
  const page = rows.map((row) => ({ key: row.key, type: row.type, firstId: row.id, first: row.at }));
  const hiding = hidingOnes(subjects);
  const loaded = await Promise.all(hiding.map((subject) => loadPreviews(db, subject, page)));
  const items = page.flatMap((subject, i): HiddenOf[] => {
    const row = rows[i];
    const preview = loaded[hiding.findIndex((each) => each.type === subject.type)]?.(subject);
    if (!row) return [];
    return preview === undefined
      ? []
      : [{ type: row.type, key: row.key, preview, reason: row.reason, hidden_at: row.at }];
  });
  return { items, previous, next };
}
