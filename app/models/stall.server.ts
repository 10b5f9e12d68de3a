import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb, Db } from "~/db/client.server";
import { stallDiscoveryTags, stalls, stallTags } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { decodeCursor, encodeCursor } from "~/lib/cursor";
import { formatGps, gridCell } from "~/lib/geo";
import type { MenuItem } from "~/lib/menu";
import { DEFAULT_TIME_ZONE, type ModerationStatus } from "~/lib/options";
import type { WeeklySchedule } from "~/lib/schedule";

/** A stall as the list endpoints answer it (spec section 3, "shop list read"). The public id is the
 * shop_unique_id: internal row ids never leave the server. */
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
}

// Tags come back with the row through correlated sub-queries on the join tables' primary keys: one query a page.
const tagsJson = sql<string>`(SELECT json_group_array(tag) FROM (SELECT tag FROM stall_tags WHERE stall_id = ${stalls.id} ORDER BY position))`;
const discoveryTagsJson = sql<string>`(SELECT json_group_array(tag) FROM (SELECT tag FROM stall_discovery_tags WHERE stall_id = ${stalls.id} ORDER BY position))`;

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
  tags: tagsJson,
  discoveryTags: discoveryTagsJson,
};

const selectListRows = (db: Db) => db.select(listColumns).from(stalls);
type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

export function toStallListItem(row: ListRow): StallListItem {
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
    tags: JSON.parse(row.tags) as string[],
    discovery_tags: JSON.parse(row.discoveryTags) as string[],
    weekly_schedule: row.weeklySchedule,
    time_zone: row.timeZone,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Approved stalls, newest first, a page at a time (keyset pagination on created_at, id). */
export async function listApprovedStalls(
  db: Db,
  { limit, cursor }: { limit: number; cursor?: string | null },
): Promise<Page<StallListItem>> {
  const after = cursor ? parseNewestCursor(cursor) : null;
  const rows = await selectListRows(db)
    .where(
      and(
        eq(stalls.status, "approved"),
        after
          ? or(
              lt(stalls.createdAt, after.createdAt),
              and(eq(stalls.createdAt, after.createdAt), lt(stalls.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(stalls.createdAt), desc(stalls.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toStallListItem),
    nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}

export class InvalidCursorError extends Error {
  constructor() {
    super("cursor is not valid");
  }
}

function parseNewestCursor(cursor: string): { createdAt: number; id: number } {
  const values = decodeCursor(cursor);
  const [createdAt, id] = values ?? [];
  if (typeof createdAt !== "number" || typeof id !== "number") throw new InvalidCursorError();
  return { createdAt, id };
}

/** One approved stall by its public id, in the list shape; null when unknown or not visible. */
export async function findApprovedStall(db: Db, shopUniqueId: string): Promise<StallListItem | null> {
  const [row] = await selectListRows(db)
    .where(and(eq(stalls.shopUniqueId, shopUniqueId), eq(stalls.status, "approved")))
    .limit(1);
  return row ? toStallListItem(row) : null;
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
 * tag rows find the stall through its unique id, so no round trip is needed for the new row id. */
export function newStallStatements(db: AnyDb, stall: NewStall) {
  const shopUniqueId = stall.shopUniqueId ?? randomId();
  const stallId = sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`;
  const insertStall = db.insert(stalls).values({
    shopUniqueId,
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
  if (stall.tags.length > 0) {
    statements.push(db.insert(stallTags).values(tagRows(stall.tags)));
  }
  if (stall.discoveryTags.length > 0) {
    statements.push(db.insert(stallDiscoveryTags).values(tagRows(stall.discoveryTags)));
  }
  return { shopUniqueId, statements };
}
