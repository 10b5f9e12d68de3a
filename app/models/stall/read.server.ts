import { desc, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { businessHours } from "~/lib/rules/open-status";
import type { ModerationStatus } from "~/lib/rules/options";
import type { MenuItem } from "~/lib/schemas/menu";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { listColumns, type StallListItem, toStallListItem } from "./rows.server";

// Reading one stall (detail, visibility) and a contributor's own stalls.

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
  return isModerator(viewer) || (viewer !== null && viewer.id === stall.createdBy);
}

/** `columns` of the stall with this public id, or null when there is none or `viewer` may not see it. */
async function findVisibleRow<Columns extends SelectedFields>(
  db: Db,
  shopUniqueId: string,
  viewer: StallViewer | null,
  columns: Columns,
) {
  const [row] = await db
    .select({ ...columns, visibility: { status: stalls.status, createdBy: stalls.createdBy } })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId))
    .limit(1);
  return row && isVisibleTo(row.visibility, viewer) ? row : null;
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
  const row = await findVisibleRow(db, shopUniqueId, viewer, {
    ...listColumns,
    category: stalls.category,
    images: stalls.images,
    isVerified: stalls.isVerified,
    menu: stalls.menu,
    status: stalls.status,
    statusReason: stalls.statusReason,
  });
  if (!row) return null;
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

/** The internal id, verification and owner of a stall `viewer` may see (the same rule as findStallDetail), or
 * null: what reports and claims attach to. */
export async function findVisibleStallRef(
  db: Db,
  shopUniqueId: string,
  viewer: StallViewer,
): Promise<{ id: number; name: string; isVerified: boolean; ownerId: string | null } | null> {
  const row = await findVisibleRow(db, shopUniqueId, viewer, {
    id: stalls.id,
    name: stalls.name,
    isVerified: stalls.isVerified,
    ownerId: stalls.ownerId,
  });
  return row && { id: row.id, name: row.name, isVerified: row.isVerified, ownerId: row.ownerId };
}
