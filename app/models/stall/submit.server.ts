import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb, Db } from "~/db/client.server";
import { stallDiscoveryTags, stalls, stallTags } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { msg } from "~/lib/i18n/translate";
import { gridCell } from "~/lib/rules/geo";
import { searchKeys } from "~/lib/rules/normalise";
import { DEFAULT_TIME_ZONE, type ModerationStatus } from "~/lib/rules/options";
import type { WeeklySchedule } from "~/lib/rules/schedule";
import type { MenuItem } from "~/lib/schemas/menu";
import { prepareStall, type StallInput } from "~/lib/schemas/stall-form";
import { refuseIfRestricted } from "~/models/account-restriction.server";
import { ModelError } from "~/models/model-error";
import { attachPhotosStatement, findUnusedOwnPhotos, stillOwnUnused } from "~/models/photo.server";
import { type DailyLimit, dailyLimit, pastDailyLimit, underDailyLimit } from "~/models/rate-limit.server";
import { dailyLimitFor } from "~/models/trust.server";

// Storing a new stall: the statements that write it with its tags, and a contributor's submission with its limits.

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
    searchKeys: searchKeys(stall),
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

/** Whether a batch failed because newStallStatements' `onlyIf` did not hold. */
function isStallGuardFailure(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("NOT NULL constraint failed: stalls.shop_unique_id")) return true;
  }
  return false;
}

/** Submissions per user in any 24 hours, counted from D1. */
export const DAILY_STALL_LIMIT = dailyLimit(
  20,
  msg("You can add up to 20 stalls a day. Please try again tomorrow."),
  dailyLimit(
    3,
    msg("While your account is new, you can add up to 3 stalls a day. Please try again tomorrow."),
  ),
);

const STALLS_ADDED = { table: stalls, owner: stalls.createdBy, createdAt: stalls.createdAt };

/** Refuses, with the reason the contributor can act on, a user past the daily limit or photos that are not the
 * user's own unused uploads. */
async function checkSubmission(
  db: Db,
  userId: string,
  keys: string[],
  daily: DailyLimit,
  now: number,
): Promise<void> {
  const [within] = await db.all<{ ok: number }>(
    sql`SELECT ${underDailyLimit(daily, STALLS_ADDED, userId, now)} AS ok`,
  );
  if (!within?.ok) throw await pastDailyLimit(db, daily, STALLS_ADDED, userId, now);
  const usable = new Set(await findUnusedOwnPhotos(db, userId, keys));
  const foreign = keys.findIndex((key) => !usable.has(key));
  if (foreign !== -1) {
    throw new ModelError(400, "This photo is not one of your uploads, or is already used", {
      field: `images.${foreign}`,
    });
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
  await refuseIfRestricted(db, userId, now);
  const keys = input.images.map((url) => photoKeyFromUrl(url) ?? "");
  const daily = await dailyLimitFor(db, userId, DAILY_STALL_LIMIT);
  await checkSubmission(db, userId, keys, daily, now);
  const { position, category, thumbnailImage } = prepareStall(input);
  const photosStillFree = keys.length > 0 ? sql` AND ${stillOwnUnused(userId, keys)}` : sql``;
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
    { onlyIf: sql`${underDailyLimit(daily, STALLS_ADDED, userId, now)}${photosStillFree}` },
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
    await checkSubmission(db, userId, keys, daily, now);
    throw await pastDailyLimit(db, daily, STALLS_ADDED, userId, now);
  }
  return shopUniqueId;
}
