import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { distanceKm, formatGps, type LatLng, roundKm } from "~/lib/rules/geo";
import { isOpenOnDiscover, type OpenState, openStatus } from "~/lib/rules/open-status";
import { shownDiscoveryTags } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import type { PinnedStallView } from "~/lib/schemas/community";

// Stall rows as every list answers them: the columns read, the raw shape D1 returns, and the snake_case API item.

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
  trendingScore: stalls.trendingScore,
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
  trending_score: number;
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
    trendingScore: raw.trending_score,
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
    discovery_tags: shownDiscoveryTags(row.discoveryTags, row.trendingScore),
    weekly_schedule: row.weeklySchedule,
    time_zone: row.timeZone,
    created_at: new Date(row.createdAt).toISOString(),
    isOpen: isOpenOnDiscover(status),
    open_state: status.state,
    open_next_change: status.nextChange,
    distance: from ? roundKm(distanceKm(from, { lat: row.latitude, lng: row.longitude })) : null,
  };
}

/** The stall a post or reel is pinned to, read beside it by key, with the names its row carries them under. */
export const pinnedStallColumns = {
  stallPublicId: stalls.shopUniqueId,
  stallStatus: stalls.status,
  stallName: stalls.name,
  stallLocation: stalls.location,
  stallThumbnail: stalls.thumbnailImage,
  stallSchedule: stalls.weeklySchedule,
  stallTimeZone: stalls.timeZone,
  stallLatitude: stalls.latitude,
  stallLongitude: stalls.longitude,
};

type StallRow = typeof stalls.$inferSelect;
/** pinnedStallColumns as read; a post's stall is left-joined, so each may be null. */
interface PinnedStallRow {
  stallName: string | null;
  stallLocation: string | null;
  stallThumbnail: string | null;
  stallSchedule: StallRow["weeklySchedule"] | null;
  stallTimeZone: string | null;
  stallLatitude: number | null;
  stallLongitude: number | null;
}

/** The pinned stall `id` as a post's or reel's card shows it: open now or not, and how far from `near`. */
export function pinnedStallView(
  id: string,
  row: PinnedStallRow,
  now: Date,
  near: LatLng | null | undefined,
): PinnedStallView {
  return {
    id,
    name: row.stallName ?? "",
    location: row.stallLocation ?? "",
    thumbnail_image: row.stallThumbnail,
    weekly_schedule: row.stallSchedule,
    time_zone: row.stallTimeZone ?? "",
    open_state: openStatus(row.stallSchedule, row.stallTimeZone, now).state,
    distance_km:
      near && row.stallLatitude !== null && row.stallLongitude !== null
        ? roundKm(distanceKm(near, { lat: row.stallLatitude, lng: row.stallLongitude }))
        : null,
  };
}
