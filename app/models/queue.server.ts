// One way to page a moderation queue (pending stalls, reports, claims, reported reviews): by a key cursor, oldest
// or newest first, narrowed to stalls whose name or area holds the search.
import { asc, desc, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { stalls } from "~/db/schema";
import type { ModerationStatus } from "~/lib/rules/options";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { encodeQueueCursor, type QueueCursor } from "~/lib/schemas/moderation-fields";
import { ModelError } from "./model-error";

export const ALREADY_DECIDED = "Another moderator has already decided this. The queue is up to date now.";

/** What a moderator is about to decide, as read first for a clear refusal: gone is 404, already decided 409. */
export function stillPending<T extends { status: ModerationStatus }>(
  item: T | undefined,
  notFound: string,
): T {
  if (!item) throw new ModelError(404, notFound);
  if (item.status !== "pending") throw new ModelError(409, ALREADY_DECIDED);
  return item;
}

export interface QueuePage<T> {
  items: T[];
  /** Cursors of the pages before and after this one; null at either end. */
  previous: string | null;
  next: string | null;
}

/** Whether `column` holds `q`, ignoring the case of Latin letters. instr() rather than LIKE: D1 refuses LIKE patterns
 * over 50 bytes, which a 100-character search (or 17 Devanagari letters) is, and instr has no wildcards to escape. */
export function holdsText(column: SQLWrapper, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}

/** Stalls whose name or area (the address line) holds the search, or everything when there is none. */
export function stallMatches(q: string): SQL | undefined {
  if (!q) return undefined;
  return or(holdsText(stalls.name, q), holdsText(stalls.location, q));
}

/**
 * What a queue's select needs for one page: `bound`, the condition past the cursor (for WHERE, or HAVING when
 * the key is an aggregate), the order, and how many rows to read (one more than a page tells whether more
 * follow).
 */
export interface PageSlice {
  bound: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * Reads one page of a queue keyed by (`key.at`, `key.id`): `select` runs the queue's query with the slice, `keyOf`
 * gives a row's key. A page read backwards that comes out short is the start of the queue, and a page read forwards
 * that comes out empty has nothing left to show (its items were decided meanwhile): either way the first page is
 * read instead.
 */
export async function readQueuePage<Row>(
  { sort, cursor }: Pick<QueueQuery, "sort" | "cursor">,
  pageSize: number,
  key: { at: SQLWrapper; id: SQLWrapper },
  select: (slice: PageSlice) => Promise<Row[]>,
  keyOf: (row: Row) => { at: number; id: number },
): Promise<{ rows: Row[]; previous: string | null; next: string | null }> {
  const backwards = cursor?.direction === "before";
  const ascending = (sort === "oldest") !== backwards;
  const rows = await select({
    bound: cursor ? pastCursor(key, cursor, ascending) : undefined,
    orderBy: ascending ? [asc(key.at), asc(key.id)] : [desc(key.at), desc(key.id)],
    limit: pageSize + 1,
  });
  const more = rows.length > pageSize;
  if (cursor && (backwards ? !more : rows.length === 0)) {
    return readQueuePage({ sort }, pageSize, key, select, keyOf);
  }
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const at = (direction: QueueCursor["direction"], row: Row | undefined) =>
    row ? encodeQueueCursor({ direction, ...keyOf(row) }) : null;
  return {
    rows: page,
    previous: cursor ? at("before", first) : null,
    next: backwards || more ? at("after", last) : null,
  };
}

function pastCursor(key: { at: SQLWrapper; id: SQLWrapper }, cursor: QueueCursor, ascending: boolean): SQL {
  return ascending
    ? sql`(${key.at}, ${key.id}) > (${cursor.at}, ${cursor.id})`
    : sql`(${key.at}, ${key.id}) < (${cursor.at}, ${cursor.id})`;
}
