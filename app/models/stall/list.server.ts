import { and, count, desc, eq, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stalls, stallTags } from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import type { LatLng } from "~/lib/rules/geo";
import { ModelError } from "~/models/model-error";
import { DAY_MS } from "~/models/rate-limit.server";
import { type StallListItem, selectListRows, toStallListItem } from "./rows.server";

// Lists of approved stalls: newest first with filters, and Home's counts, top rated and trending.

/** A page of a keyset-paginated list; a cursor that cannot be read is refused as 400 beside `cursor`. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const invalidCursor = () => new ModelError(400, "cursor: Invalid cursor", { field: "cursor" });

export const NEW_STALL_DAYS = 7;

export interface StallFilters {
  /** Only stalls carrying this tag (case as stored; the option lists are title case). */
  tag?: string | null;
  /** Only stalls open now by Discover's rule (isOpen): open hours and a maybe day's hours, nothing outside them. */
  openNow?: boolean;
  /** Only stalls created in the last seven days. */
  onlyNew?: boolean;
}

// A literal, not a bound parameter: SQLite uses the partial indexes (WHERE status = 'approved') only when it can
// see the query asks for exactly that.
export const approved = sql`${stalls.status} = 'approved'`;

export function filterConditions(filters: StallFilters, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tag) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${stallTags} WHERE ${stallTags.stallId} = ${stalls.id} AND ${stallTags.tag} = ${filters.tag})`,
    );
  }
  if (filters.onlyNew) {
    conditions.push(sql`${stalls.createdAt} >= ${sql.raw(String(now.getTime() - NEW_STALL_DAYS * DAY_MS))}`);
  }
  return conditions;
}

/** Approved stalls, newest first, a page at a time (keyset pagination on created_at, id). */
export async function listApprovedStalls(
  db: Db,
  {
    limit,
    cursor,
    filters = {},
    from = null,
    now = new Date(),
  }: {
    limit: number;
    cursor?: string | null;
    filters?: StallFilters;
    from?: LatLng | null;
    now?: Date;
  },
): Promise<Page<StallListItem>> {
  let after = cursor ? parseNewestCursor(cursor) : null;
  const page: { item: StallListItem; createdAt: number; id: number }[] = [];
  // Open-now depends on each stall's own clock, so it is decided here, reading further batches until the page
  // is full; one extra match tells whether a next page exists.
  const batch = filters.openNow ? Math.max(limit * 3, 60) : limit + 1;
  for (;;) {
    const rows = await selectListRows(db)
      .where(
        and(
          approved,
          ...filterConditions(filters, now),
          after
            ? or(
                lt(stalls.createdAt, after.createdAt),
                and(eq(stalls.createdAt, after.createdAt), lt(stalls.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(stalls.createdAt), desc(stalls.id))
      .limit(batch);
    for (const row of rows) {
      const item = toStallListItem(row, now, from);
      if (filters.openNow && !item.isOpen) continue;
      if (page.length === limit) {
        const last = page[limit - 1] as (typeof page)[number];
        return { items: page.map((p) => p.item), nextCursor: encodeCursor([last.createdAt, last.id]) };
      }
      page.push({ item, createdAt: row.createdAt, id: row.id });
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) return { items: page.map((p) => p.item), nextCursor: null };
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function parseNewestCursor(cursor: string): { createdAt: number; id: number } {
  const [createdAt, id] = decodeCursor(cursor) ?? [];
  if (typeof createdAt !== "number" || typeof id !== "number") throw invalidCursor();
  return { createdAt, id };
}

/** How many approved stalls carry a tag ("All" when null): the Home filter bar's "{n} stalls found". */
export async function countApprovedStalls(db: Db, tag: string | null): Promise<number> {
  const [row] = tag
    ? await db
        .select({ n: count() })
        .from(stallTags)
        .innerJoin(stalls, eq(stalls.id, stallTags.stallId))
        .where(and(eq(stallTags.tag, tag), approved))
    : await db.select({ n: count() }).from(stalls).where(approved);
  return row?.n ?? 0;
}

/** Home's "Top Rated This Week": the best-rated approved stalls (with the tag, when one is chosen). */
export async function topRatedStalls(
  db: Db,
  { tag, limit, now = new Date() }: { tag: string | null; limit: number; now?: Date },
) {
  const rows = await selectListRows(db)
    .where(and(approved, isNotNull(stalls.ratingAverage), ...filterConditions({ tag }, now)))
    .orderBy(desc(stalls.ratingAverage), desc(stalls.ratingCount), desc(stalls.id))
    .limit(limit);
  return rows.map((row) => toStallListItem(row, now));
}

/** Home's "Trending This Week": approved stalls with engagement in the last seven days, highest trending score first
 * (written by the hourly job, ADR 022). The condition is a literal so SQLite reads stalls_approved_trending_idx. */
export async function trendingStalls(
  db: Db,
  { tag, limit, now = new Date() }: { tag: string | null; limit: number; now?: Date },
) {
  const rows = await selectListRows(db)
    .where(and(approved, sql`${stalls.trendingScore} > 0`, ...filterConditions({ tag }, now)))
    .orderBy(desc(stalls.trendingScore), desc(stalls.id))
    .limit(limit);
  return rows.map((row) => toStallListItem(row, now));
}
