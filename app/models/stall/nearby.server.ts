import { and, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { distanceKm, EARTH_RADIUS_KM, gridCell, type LatLng } from "~/lib/rules/geo";
import {
  type Box,
  boxCenter,
  boxReachKm,
  type CellRange,
  cellDiagonalKm,
  inBox,
  nextRadius,
  probeRadius,
  ringAreaKm2,
  ringRanges,
} from "~/lib/rules/nearby-plan";
import { approved, filterConditions, invalidCursor, type Page, type StallFilters } from "./list.server";
import {
  fromRawListRow,
  type RawListRow,
  type StallListItem,
  selectListRows,
  toStallListItem,
} from "./rows.server";

// Nearby stalls, nearest first, read through the spatial grid (ADR 004).

export interface NearbyQuery {
  center: LatLng;
  radiusKm: number;
  limit: number;
  cursor?: string | null;
  filters?: StallFilters;
  /** Only stalls inside this box. */
  within?: Box;
  /** Where each item's distance is measured from: the centre unless given; null leaves distances unknown. */
  distanceFrom?: LatLng | null;
  now?: Date;
}

export interface NearbyPage extends Page<StallListItem> {
  /** D1's count of rows read by every query of this search: the benchmark's measure of index efficiency. */
  rowsRead: number;
}

interface Candidate {
  id: number;
  distance: number;
  item: StallListItem;
}

export function cellRange(range: CellRange): SQL {
  return sql`${stalls.gridCell} BETWEEN ${sql.raw(String(range.from))} AND ${sql.raw(String(range.to))}`;
}

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
/** newestPinnedNear's SQL distance test is a flat-earth one, a few metres looser than the great circle over a few
 * km; it keeps only rows whose stall is within the radius by distanceKm. */
const SQL_SLACK_KM = 0.05;

interface PinnedRow {
  id: number;
  createdAt: number;
  lat: number;
  lng: number;
}

/**
 * The newest `limit` rows of a list pinned to stalls (posts, reels) within `radiusKm` of `near`, newest first. The
 * rows of grid cells around the point (ringRanges, as Discover reads them) are one range each of the list's cell
 * index, read in one batch: `rangeQuery` reads one range (`inRange` of the list's grid cell column, and
 * `withinRadius` of the joined stall) newest first, and the newest of them all are the answer.
 */
export async function newestPinnedNear(
  db: Db,
  near: LatLng,
  radiusKm: number,
  limit: number,
  rangeQuery: (inRange: (gridCell: AnySQLiteColumn) => SQL, withinRadius: SQL) => BatchItem<"sqlite">,
): Promise<PinnedRow[]> {
  const lngScale = Math.cos((near.lat * Math.PI) / 180);
  const dy = sql`((${stalls.latitude} - ${near.lat}) * ${KM_PER_DEGREE})`;
  const dx = sql`((${stalls.longitude} - ${near.lng}) * ${KM_PER_DEGREE * lngScale})`;
  const withinRadius = sql`${dy} * ${dy} + ${dx} * ${dx} <= ${(radiusKm + SQL_SLACK_KM) ** 2}`;
  const statements = ringRanges(near, -1, radiusKm).map((range) =>
    rangeQuery(
      // Cell ids are integers computed here: inlined, as Discover does, to stay under D1's bound parameters.
      (gridCell) => sql`${gridCell} BETWEEN ${sql.raw(String(range.from))} AND ${sql.raw(String(range.to))}`,
      withinRadius,
    ),
  );
  const results =
    statements.length > 0 ? ((await db.batch(statements as [BatchItem<"sqlite">])) as PinnedRow[][]) : [];
  return results
    .flat()
    .filter((row) => distanceKm(near, row) <= radiusKm)
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
    .slice(0, limit);
}

/**
 * Approved stalls nearest to a point, within a radius, a page at a time. Rings of grid cells are read through
 * the partial spatial index on grid_cell (it holds only the cell: each row it finds is then looked up in the
 * table, which D1 does not count as a row read), growing until the page is certainly complete, so the rows
 * read stay close to the rows returned however many stalls exist. The first round is a small probe; each next
 * round is sized from the density of stalls read so far (ADR 004, app/lib/rules/nearby-plan.ts). Cell ids are
 * integers computed here, so they are inlined rather than bound (D1 allows 100 bound parameters a statement;
 * a tag filter binds one per range).
 */
export async function findNearbyStalls(db: Db, query: NearbyQuery): Promise<NearbyPage> {
  const { center, radiusKm, limit, filters = {}, within, now = new Date() } = query;
  const from = query.distanceFrom === undefined ? center : query.distanceFrom;
  const after = query.cursor ? parseNearbyCursor(query.cursor) : null;
  const wanted = limit + 1;
  const beyondKm = after?.distance ?? 0;
  // Cells wholly nearer than the cursor hold only stalls of earlier pages.
  const skipKm = after ? Math.max(-1, after.distance - cellDiagonalKm(center.lat) - 0.001) : -1;
  const filterSql = filterConditions(filters, now);
  const found = new Map<number, Candidate>();
  const idsRead = new Set<number>();
  // The grid cells of the rows read, to tell which ring holes held nothing. Skipped cells were never read, so
  // holes are only known to be empty on a first page. (With a tag or "new" filter the SQL hides some rows: a
  // hole that looked empty may then still cost index reads, never wrong results.)
  const cellsRead = new Set<number>();
  const holeIsEmpty =
    skipKm < 0
      ? (hole: CellRange) => {
          for (let cell = hole.from; cell <= hole.to; cell++) if (cellsRead.has(cell)) return false;
          return true;
        }
      : undefined;
  // Rows read that pass every filter, wherever they lie: the density the next round is sized from.
  let seen = 0;
  let rowsRead = 0;
  let coveredKm = skipKm;
  let radius = probeRadius(beyondKm, wanted, radiusKm);

  for (;;) {
    // One SELECT per cell range, so each is a plain range read of the spatial index (an OR of ranges lets
    // SQLite fall back to a scan, and D1 caps compound SELECTs), all sent as one batch: one round trip.
    const statements = ringRanges(center, coveredKm, radius, holeIsEmpty).map((range) => {
      const select = selectListRows(db)
        .where(and(approved, cellRange(range), ...filterSql))
        .toSQL();
      return db.$client.prepare(select.sql).bind(...select.params);
    });
    const results = statements.length > 0 ? await db.$client.batch<RawListRow>(statements) : [];
    for (const result of results) {
      rowsRead += result.meta.rows_read ?? 0;
      for (const raw of result.results) {
        // A latitude band (past ROW_RANGES_MAX_KM) is read whole again each round: a row counts once.
        if (idsRead.has(raw.id)) continue;
        idsRead.add(raw.id);
        cellsRead.add(gridCell(raw.latitude, raw.longitude));
        // Open-now depends on each stall's own clock, so it is the one filter applied here rather than in SQL.
        const item = filters.openNow ? toStallListItem(fromRawListRow(raw), now, from) : null;
        if (item && !item.isOpen) continue;
        seen++;
        if (within && !inBox(within, { lat: raw.latitude, lng: raw.longitude })) continue;
        const distance = distanceKm(center, { lat: raw.latitude, lng: raw.longitude });
        if (distance > radiusKm) continue;
        if (after && (distance < after.distance || (distance === after.distance && raw.id <= after.id)))
          continue;
        found.set(raw.id, {
          id: raw.id,
          distance,
          item: item ?? toStallListItem(fromRawListRow(raw), now, from),
        });
      }
    }
    coveredKm = radius;
    let complete = 0;
    for (const candidate of found.values()) if (candidate.distance <= coveredKm) complete++;
    if (complete >= wanted || coveredKm >= radiusKm) break;
    const areaKm2 = ringAreaKm2(center, skipKm, coveredKm);
    radius = nextRadius({ coveredKm, beyondKm, seen, areaKm2, wanted }, radiusKm);
  }

  const ordered = [...found.values()]
    .filter((c) => c.distance <= coveredKm)
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  const page = ordered.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((c) => c.item),
    nextCursor: ordered.length > limit && last ? encodeCursor([last.distance, last.id]) : null,
    rowsRead,
  };
}

export interface BoxQuery {
  box: Box;
  /** The visitor's position: distances are measured from it, and the Nearby filter keeps stalls within
   * `nearbyKm` of it. Without it distances are unknown. */
  near?: LatLng | null;
  nearbyKm?: number;
  limit: number;
  filters?: StallFilters;
  now?: Date;
}

export interface BoxAnswer {
  items: StallListItem[];
  /** More stalls are in the box than were answered: the answer holds those nearest its middle (or the visitor,
   * with the Nearby filter). */
  truncated: boolean;
  rowsRead: number;
}

/**
 * Approved stalls inside a map's box, at most `limit`: a nearby search from the box's middle out to its farthest
 * corner (through the same grid index, so a box costs about what a page of nearby stalls costs at any size),
 * keeping what lies inside. Nearest the visitor first when their position is known.
 */
export async function findStallsInBox(db: Db, query: BoxQuery): Promise<BoxAnswer> {
  const { box, near = null, nearbyKm, limit, filters, now } = query;
  const center = near && nearbyKm !== undefined ? near : boxCenter(box);
  const page = await findNearbyStalls(db, {
    center,
    radiusKm:
      near && nearbyKm !== undefined ? Math.min(nearbyKm, boxReachKm(box, near)) : boxReachKm(box, center),
    limit,
    filters,
    within: box,
    distanceFrom: near,
    now,
  });
  const items = near ? page.items.toSorted((a, b) => (a.distance ?? 0) - (b.distance ?? 0)) : page.items;
  return { items, truncated: page.nextCursor !== null, rowsRead: page.rowsRead };
}

function parseNearbyCursor(cursor: string): { distance: number; id: number } {
  const [distance, id] = decodeCursor(cursor) ?? [];
  if (typeof distance !== "number" || typeof id !== "number" || distance < 0) throw invalidCursor();
  return { distance, id };
}
