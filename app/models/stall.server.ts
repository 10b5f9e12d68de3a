import { and, count, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb, Db } from "~/db/client.server";
import { photos, stallDiscoveryTags, stalls, stallTags } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { distanceKm, formatGps, gridCell, type LatLng, roundKm } from "~/lib/rules/geo";
import { LOOK_ALIKE_RADIUS_KM, namesLookAlike } from "~/lib/rules/look-alike";
import {
  type CellRange,
  cellDiagonalKm,
  nextRadius,
  probeRadius,
  ringAreaKm2,
  ringRanges,
} from "~/lib/rules/nearby-plan";
import { businessHours, isOpenOnDiscover, type OpenState, openStatus } from "~/lib/rules/open-status";
import { DEFAULT_TIME_ZONE, type ModerationStatus } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import type { MenuItem } from "~/lib/schemas/menu";
import {
  DAILY_STALL_LIMIT,
  DAILY_STALL_LIMIT_MESSAGE,
  DAY_MS,
  prepareStall,
  type StallInput,
} from "~/lib/schemas/stall-form";
import { attachPhotosStatement, findUnusedOwnPhotos } from "./photo.server";

/** A stall as the list endpoints answer it: the snake_case fields the original shop API had (name, thumbnail_image,
 * gps_coordinates, rating_average, tags, discovery_tags, weekly_schedule, ...) plus isOpen and distance, which its
 * clients used to work out themselves. The public id is the shop_unique_id: internal row ids never leave the
 * server. */
export interface StallListItem {
  id: string;
  shop_unique_id: string;
  name: string;
  description: string;
  thumbnail_image: string | null;
  location: string;
  gps_coordinates: string;
  latitude: number;
  longitude: number;
  contact_number: string | null;
  rating_average: number | null;
  rating_count: number;
  tags: string[];
  discovery_tags: string[];
  weekly_schedule: WeeklySchedule | null;
  time_zone: string;
  created_at: string;
  /** Open by Discover's rule: within open hours or within a maybe day's hours (outside its hours a maybe day is
   * closed); open_state says which. ADR 012. */
  isOpen: boolean;
  open_state: OpenState;
  open_next_change: string | null;
  /** Kilometres from the point asked about, one decimal; null when no point was given. */
  distance: number | null;
}

export const listColumns = {
  id: stalls.id,
  shopUniqueId: stalls.shopUniqueId,
  name: stalls.name,
  description: stalls.description,
  thumbnailImage: stalls.thumbnailImage,
  location: stalls.location,
  latitude: stalls.latitude,
  longitude: stalls.longitude,
  contactNumber: stalls.contactNumber,
  ratingAverage: stalls.ratingAverage,
  ratingCount: stalls.ratingCount,
  weeklySchedule: stalls.weeklySchedule,
  timeZone: stalls.timeZone,
  createdAt: stalls.createdAt,
  tags: stalls.tags,
  discoveryTags: stalls.discoveryTags,
};

export const selectListRows = (db: Db) => db.select(listColumns).from(stalls);
type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

/** listColumns as D1 returns them when a query runs on the binding itself (to batch it and read rows_read). */
export interface RawListRow {
  id: number;
  shop_unique_id: string;
  name: string;
  description: string;
  thumbnail_image: string | null;
  location: string;
  latitude: number;
  longitude: number;
  contact_number: string | null;
  rating_average: number | null;
  rating_count: number;
  weekly_schedule: string | null;
  time_zone: string;
  created_at: number;
  tags: string;
  discovery_tags: string;
}

/** listColumns as one JSON object shaped like RawListRow, for statements that answer rows inside JSON. */
export const listRowJson = sql`json_object(${sql.join(
  Object.values(listColumns).map((column) => sql`${sql.raw(`'${column.name}'`)}, ${column}`),
  sql`, `,
)})`;

export function fromRawListRow(raw: RawListRow): ListRow {
  return {
    id: raw.id,
    shopUniqueId: raw.shop_unique_id,
    name: raw.name,
    description: raw.description,
    thumbnailImage: raw.thumbnail_image,
    location: raw.location,
    latitude: raw.latitude,
    longitude: raw.longitude,
    contactNumber: raw.contact_number,
    ratingAverage: raw.rating_average,
    ratingCount: raw.rating_count,
    weeklySchedule: raw.weekly_schedule ? (JSON.parse(raw.weekly_schedule) as WeeklySchedule) : null,
    timeZone: raw.time_zone,
    createdAt: raw.created_at,
    tags: JSON.parse(raw.tags) as string[],
    discoveryTags: JSON.parse(raw.discovery_tags) as string[],
  };
}

export function toStallListItem(row: ListRow, now: Date, from?: LatLng | null): StallListItem {
  const status = openStatus(row.weeklySchedule, row.timeZone, now);
  return {
    id: row.shopUniqueId,
    shop_unique_id: row.shopUniqueId,
    name: row.name,
    description: row.description,
    thumbnail_image: row.thumbnailImage,
    location: row.location,
    gps_coordinates: formatGps({ lat: row.latitude, lng: row.longitude }),
    latitude: row.latitude,
    longitude: row.longitude,
    contact_number: row.contactNumber,
    rating_average: row.ratingAverage,
    rating_count: row.ratingCount,
    tags: row.tags,
    discovery_tags: row.discoveryTags,
    weekly_schedule: row.weeklySchedule,
    time_zone: row.timeZone,
    created_at: new Date(row.createdAt).toISOString(),
    isOpen: isOpenOnDiscover(status),
    open_state: status.state,
    open_next_change: status.nextChange,
    distance: from ? roundKm(distanceKm(from, { lat: row.latitude, lng: row.longitude })) : null,
  };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export class InvalidCursorError extends Error {
  constructor() {
    super("cursor is not valid");
  }
}

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
const approved = sql`${stalls.status} = 'approved'`;

function filterConditions(filters: StallFilters, now: Date): SQL[] {
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
  if (typeof createdAt !== "number" || typeof id !== "number") throw new InvalidCursorError();
  return { createdAt, id };
}

export interface NearbyQuery {
  center: LatLng;
  radiusKm: number;
  limit: number;
  cursor?: string | null;
  filters?: StallFilters;
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

function cellRange(range: CellRange): SQL {
  return sql`${stalls.gridCell} BETWEEN ${sql.raw(String(range.from))} AND ${sql.raw(String(range.to))}`;
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
  const { center, radiusKm, limit, filters = {}, now = new Date() } = query;
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
        const item = filters.openNow ? toStallListItem(fromRawListRow(raw), now, center) : null;
        if (item && !item.isOpen) continue;
        seen++;
        const distance = distanceKm(center, { lat: raw.latitude, lng: raw.longitude });
        if (distance > radiusKm) continue;
        if (after && (distance < after.distance || (distance === after.distance && raw.id <= after.id)))
          continue;
        found.set(raw.id, {
          id: raw.id,
          distance,
          item: item ?? toStallListItem(fromRawListRow(raw), now, center),
        });
      }
    }
    coveredKm = radius;
    let within = 0;
    for (const candidate of found.values()) if (candidate.distance <= coveredKm) within++;
    if (within >= wanted || coveredKm >= radiusKm) break;
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

function parseNearbyCursor(cursor: string): { distance: number; id: number } {
  const [distance, id] = decodeCursor(cursor) ?? [];
  if (typeof distance !== "number" || typeof id !== "number" || distance < 0) throw new InvalidCursorError();
  return { distance, id };
}

export interface NewStall {
  shopUniqueId?: string;
  name: string;
  description: string;
  category: string;
  location: string;
  latitude: number;
  longitude: number;
  contactNumber: string | null;
  weeklySchedule: WeeklySchedule | null;
  timeZone?: string;
  menu: MenuItem[];
  thumbnailImage: string | null;
  images: string[];
  ratingAverage?: number | null;
  ratingCount?: number;
  isVerified?: boolean;
  status?: ModerationStatus;
  statusReason?: string | null;
  createdBy: string | null;
  createdAt?: number;
  tags: string[];
  discoveryTags: string[];
}

/** The statements that store one stall with its tags. Run them with db.batch() so they commit together; the
 * tag rows find the stall through its unique id, so no round trip is needed for the new row id. With `onlyIf`,
 * the stall's row is written only if that condition holds when the batch runs: otherwise its public id is NULL,
 * which the NOT NULL constraint refuses, and the whole batch rolls back (see isStallGuardFailure). */
export function newStallStatements(db: AnyDb, stall: NewStall, { onlyIf }: { onlyIf?: SQL } = {}) {
  const shopUniqueId = stall.shopUniqueId ?? randomId();
  const stallId = sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`;
  const insertStall = db.insert(stalls).values({
    shopUniqueId: onlyIf ? sql`CASE WHEN ${onlyIf} THEN ${shopUniqueId} END` : shopUniqueId,
    name: stall.name,
    description: stall.description,
    category: stall.category,
    location: stall.location,
    latitude: stall.latitude,
    longitude: stall.longitude,
    gridCell: gridCell(stall.latitude, stall.longitude),
    contactNumber: stall.contactNumber,
    weeklySchedule: stall.weeklySchedule,
    timeZone: stall.timeZone ?? DEFAULT_TIME_ZONE,
    menu: stall.menu,
    thumbnailImage: stall.thumbnailImage,
    images: stall.images,
    tags: stall.tags,
    discoveryTags: stall.discoveryTags,
    ratingAverage: stall.ratingAverage ?? null,
    ratingCount: stall.ratingCount ?? 0,
    isVerified: stall.isVerified ?? false,
    status: stall.status ?? "pending",
    statusReason: stall.statusReason ?? null,
    createdBy: stall.createdBy,
    createdAt: stall.createdAt,
  });
  const tagRows = (tags: string[]) => tags.map((tag, position) => ({ stallId, tag, position }));
  const statements: BatchItem<"sqlite">[] = [insertStall];
  if (stall.tags.length > 0) statements.push(db.insert(stallTags).values(tagRows(stall.tags)));
  if (stall.discoveryTags.length > 0) {
    statements.push(db.insert(stallDiscoveryTags).values(tagRows(stall.discoveryTags)));
  }
  return { shopUniqueId, statements };
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

/** Home's "Trending This Week": stalls approved in the last seven days, newest first, best rated on ties. */
export async function trendingStalls(
  db: Db,
  { tag, limit, now = new Date() }: { tag: string | null; limit: number; now?: Date },
) {
  const rows = await selectListRows(db)
    .where(and(approved, ...filterConditions({ tag, onlyNew: true }, now)))
    .orderBy(desc(stalls.createdAt), desc(stalls.ratingAverage))
    .limit(limit);
  return rows.map((row) => toStallListItem(row, now));
}

/** The detail read of a stall (GET /api/shop/by-unique/:id): the list shape plus category, business_hours, the
 * image gallery, menu, is_verified and the moderation status. */
export interface StallDetail extends StallListItem {
  category: string;
  image: string | null;
  images: string[];
  business_hours: Record<string, string> | null;
  is_verified: boolean;
  menu: MenuItem[];
  status: ModerationStatus;
  status_reason: string | null;
}

export interface StallViewer {
  id: string;
  role: "user" | "moderator" | "admin";
}

/** Approved stalls are public; pending and rejected ones are seen only by their submitter and moderators. */
function isVisibleTo(
  stall: { status: ModerationStatus; createdBy: string | null },
  viewer: StallViewer | null,
): boolean {
  if (stall.status === "approved") return true;
  const mayModerate = viewer?.role === "moderator" || viewer?.role === "admin";
  return mayModerate || (viewer !== null && viewer.id === stall.createdBy);
}

/**
 * A stall by its public id as `viewer` may see it: approved stalls for everyone; pending and rejected ones only
 * for the person who submitted them and for moderators. Null otherwise, so hidden stalls look unknown.
 */
export async function findStallDetail(
  db: Db,
  shopUniqueId: string,
  viewer: StallViewer | null,
  now = new Date(),
): Promise<StallDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      category: stalls.category,
      images: stalls.images,
      isVerified: stalls.isVerified,
      menu: stalls.menu,
      status: stalls.status,
      statusReason: stalls.statusReason,
      createdBy: stalls.createdBy,
    })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId))
    .limit(1);
  if (!row || !isVisibleTo(row, viewer)) return null;
  return {
    ...toStallListItem(row, now),
    category: row.category,
    image: row.thumbnailImage ?? row.images[0] ?? null,
    images: row.images.length > 0 ? row.images : row.thumbnailImage ? [row.thumbnailImage] : [],
    business_hours: businessHours(row.weeklySchedule),
    is_verified: row.isVerified,
    menu: row.menu,
    status: row.status,
    status_reason: row.statusReason,
  };
}

export interface OwnStall extends StallListItem {
  status: ModerationStatus;
  status_reason: string | null;
}

/** The stalls a user submitted, newest first, whatever their review status (their profile's Stalls tab). */
export async function listStallsByCreator(db: Db, userId: string, now = new Date()): Promise<OwnStall[]> {
  const rows = await db
    .select({ ...listColumns, status: stalls.status, statusReason: stalls.statusReason })
    .from(stalls)
    .where(eq(stalls.createdBy, userId))
    .orderBy(desc(stalls.createdAt))
    .limit(100);
  return rows.map(({ status, statusReason, ...row }) => ({
    ...toStallListItem(row, now),
    status,
    status_reason: statusReason,
  }));
}

export interface LookAlikeStall extends StallListItem {
  status: ModerationStatus;
}

export interface LookAlikeQuery {
  center: LatLng;
  name: string;
  excludeShopUniqueId?: string;
  /** Whose pending stalls count: a contributor sees only their own (others' are nobody's business until approved),
   * the moderators' queue every one. */
  pending: "all" | { createdBy: string };
}

/**
 * Approved stalls, and the pending ones `pending` allows, within LOOK_ALIKE_RADIUS_KM of `center` whose names look
 * like `name`: the "Is it one of these?" check before a submission.
 */
export async function findLookAlikeStalls(
  db: Db,
  { now = new Date(), ...query }: LookAlikeQuery & { now?: Date },
): Promise<LookAlikeStall[]> {
  const [found] = await findLookAlikesOfEach(db, [query], now);
  return found ?? [];
}

/** findLookAlikeStalls for several stalls at once (a page of the moderation queue), in one round trip. */
export async function findLookAlikesOfEach(
  db: Db,
  queries: LookAlikeQuery[],
  now = new Date(),
): Promise<LookAlikeStall[][]> {
  // A bounding box of the grid cells around each pin; the partial status indexes keep every read small.
  const perQuery = queries.map(({ center, pending }) =>
    ringRanges(center, -1, LOOK_ALIKE_RADIUS_KM).flatMap((range) =>
      (["approved", "pending"] as const).map((status) => {
        const select = db
          .select({ ...listColumns, status: stalls.status })
          .from(stalls)
          .where(
            and(
              sql`${stalls.status} = ${sql.raw(`'${status}'`)}`,
              cellRange(range),
              status === "pending" && pending !== "all" ? eq(stalls.createdBy, pending.createdBy) : undefined,
            ),
          )
          .toSQL();
        return db.$client.prepare(select.sql).bind(...select.params);
      }),
    ),
  );
  const statements = perQuery.flat();
  if (statements.length === 0) return queries.map(() => []);
  const results = await db.$client.batch<RawListRow & { status: ModerationStatus }>(statements);
  let next = 0;
  return queries.map(({ center, name, excludeShopUniqueId }, index) => {
    const own = results.slice(next, next + (perQuery[index]?.length ?? 0));
    next += own.length;
    const alike: LookAlikeStall[] = [];
    for (const raw of own.flatMap((result) => result.results)) {
      if (raw.shop_unique_id === excludeShopUniqueId) continue;
      if (distanceKm(center, { lat: raw.latitude, lng: raw.longitude }) > LOOK_ALIKE_RADIUS_KM) continue;
      if (!namesLookAlike(name, raw.name)) continue;
      alike.push({ ...toStallListItem(fromRawListRow(raw), now, center), status: raw.status });
    }
    return alike.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0)).slice(0, 5);
  });
}

/** The internal id, verification and owner of a stall `viewer` may see (the same rule as findStallDetail), or
 * null: what reports and claims attach to. */
export async function findVisibleStallRef(
  db: Db,
  shopUniqueId: string,
  viewer: StallViewer,
): Promise<{ id: number; name: string; isVerified: boolean; ownerId: string | null } | null> {
  const [row] = await db
    .select({
      id: stalls.id,
      name: stalls.name,
      isVerified: stalls.isVerified,
      ownerId: stalls.ownerId,
      status: stalls.status,
      createdBy: stalls.createdBy,
    })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId))
    .limit(1);
  if (!row || !isVisibleTo(row, viewer)) return null;
  return { id: row.id, name: row.name, isVerified: row.isVerified, ownerId: row.ownerId };
}

/** A submission refused for a reason the contributor can act on: `status` is the HTTP status to answer. */
export class StallSubmissionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 429,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Whether a batch failed because newStallStatements' `onlyIf` did not hold. */
function isStallGuardFailure(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("NOT NULL constraint failed: stalls.shop_unique_id")) return true;
  }
  return false;
}

const withinDailyStallLimit = (userId: string, now: number) =>
  sql`(SELECT count(*) FROM ${stalls} WHERE ${stalls.createdBy} = ${userId} AND ${stalls.createdAt} > ${now - DAY_MS}) < ${DAILY_STALL_LIMIT}`;

/** Refuses, with the reason the contributor can act on, a user past the daily limit or photos that are not the
 * user's own unused uploads. */
async function checkSubmission(db: Db, userId: string, keys: string[], now: number): Promise<void> {
  const [within] = await db.all<{ ok: number }>(sql`SELECT ${withinDailyStallLimit(userId, now)} AS ok`);
  if (!within?.ok) throw new StallSubmissionError(DAILY_STALL_LIMIT_MESSAGE, 429);
  const usable = new Set(await findUnusedOwnPhotos(db, userId, keys));
  const foreign = keys.findIndex((key) => !usable.has(key));
  if (foreign !== -1) {
    throw new StallSubmissionError(
      "This photo is not one of your uploads, or is already used",
      400,
      `images.${foreign}`,
    );
  }
}

/**
 * Stores a contributor's new stall as pending, with their photos attached, and answers its public id. Refuses a
 * user past the daily limit and photos that are not the user's own unused uploads. Both rules are checked first
 * for a clear message, and again inside the batch that writes the stall (newStallStatements' `onlyIf`), so a burst
 * of parallel submissions cannot pass the limit or share a photo: D1 runs batches one at a time.
 */
export async function submitStall(
  db: Db,
  userId: string,
  input: StallInput,
  now = Date.now(),
): Promise<string> {
  const keys = input.images.map((url) => photoKeyFromUrl(url) ?? "");
  await checkSubmission(db, userId, keys, now);
  const { position, category, thumbnailImage } = prepareStall(input);
  const photosStillFree =
    keys.length > 0
      ? sql` AND (SELECT count(*) FROM ${photos} WHERE ${inArray(photos.key, keys)} AND ${photos.userId} = ${userId} AND ${photos.stallId} IS NULL) = ${keys.length}`
      : sql``;
  const { shopUniqueId, statements } = newStallStatements(
    db,
    {
      name: input.name,
      description: input.description,
      category,
      location: input.location,
      latitude: position.lat,
      longitude: position.lng,
      contactNumber: input.contact_number,
      weeklySchedule:
        input.weekly_schedule && Object.keys(input.weekly_schedule).length > 0 ? input.weekly_schedule : null,
      menu: input.menu,
      thumbnailImage,
      images: keys.map(photoUrl),
      tags: input.tags,
      discoveryTags: input.discovery_tags,
      status: "pending",
      isVerified: false,
      createdBy: userId,
      createdAt: now,
    },
    { onlyIf: sql`${withinDailyStallLimit(userId, now)}${photosStillFree}` },
  );
  if (keys.length > 0) {
    statements.push(
      attachPhotosStatement(db, keys, sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`),
    );
  }
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isStallGuardFailure(error)) throw error;
    // A parallel submission got there first: name the rule it now breaks.
    await checkSubmission(db, userId, keys, now);
    throw new StallSubmissionError(DAILY_STALL_LIMIT_MESSAGE, 429);
  }
  return shopUniqueId;
}
