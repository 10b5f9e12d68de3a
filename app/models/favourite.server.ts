import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favourites, stalls } from "~/db/schema";
import type { FavouriteUpdate } from "~/lib/favourites";
import { listColumns, type StallListItem, toStallListItem } from "./stall.server";

/** A bookmark as My Food Trail and GET /api/profile/favorites show it. Timestamps are Unix ms. */
export interface Favourite {
  stallId: string;
  note: string | null;
  personal_rating: number | null;
  created_at: number;
  updated_at: number | null;
  stall: StallListItem;
}

export class FavouriteStallNotFoundError extends Error {
  constructor() {
    super("Stall not found");
  }
}

// A user's trail shows approved stalls and the ones they submitted themselves (still pending, or rejected after
// they bookmarked it): the same stalls the stall page lets them open.
const visibleTo = (userId: string) => or(sql`${stalls.status} = 'approved'`, eq(stalls.createdBy, userId));

/** The public ids of the stalls a user bookmarked: how every heart knows its state. One read on the primary key. */
export async function listFavouriteStallIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: stalls.shopUniqueId })
    .from(favourites)
    .innerJoin(stalls, eq(stalls.id, favourites.stallId))
    .where(and(eq(favourites.userId, userId), visibleTo(userId)))
    .orderBy(desc(favourites.createdAt));
  return rows.map((row) => row.id);
}

function selectFavourites(db: Db, userId: string, where?: SQL) {
  return db
    .select({
      ...listColumns,
      note: favourites.note,
      personalRating: favourites.personalRating,
      favouritedAt: favourites.createdAt,
      favouriteUpdatedAt: favourites.updatedAt,
    })
    .from(favourites)
    .innerJoin(stalls, eq(stalls.id, favourites.stallId))
    .where(and(eq(favourites.userId, userId), visibleTo(userId), where));
}

function toFavourite(
  {
    note,
    personalRating,
    favouritedAt,
    favouriteUpdatedAt,
    ...row
  }: Awaited<ReturnType<typeof selectFavourites>>[number],
  now: Date,
): Favourite {
  return {
    stallId: row.shopUniqueId,
    note,
    personal_rating: personalRating,
    created_at: favouritedAt,
    updated_at: favouriteUpdatedAt,
    stall: toStallListItem(row, now),
  };
}

/** The user's bookmarks, newest first (My Food Trail sorts them further in the page). */
export async function listFavourites(db: Db, userId: string, now = new Date()): Promise<Favourite[]> {
  const rows = await selectFavourites(db, userId).orderBy(desc(favourites.createdAt)).limit(500);
  return rows.map((row) => toFavourite(row, now));
}

export async function findFavourite(
  db: Db,
  userId: string,
  shopUniqueId: string,
  now = new Date(),
): Promise<Favourite | null> {
  const [row] = await selectFavourites(db, userId, eq(stalls.shopUniqueId, shopUniqueId)).limit(1);
  return row ? toFavourite(row, now) : null;
}

/**
 * Flips a bookmark and answers the new state. Both writes go through the (user, stall) primary key: a DELETE that
 * removes the row if it is there, else an INSERT … ON CONFLICT DO NOTHING. Two toggles racing from two clients
 * can therefore both answer "favourited", but never leave two rows or fail.
 */
export async function toggleFavourite(
  db: Db,
  userId: string,
  shopUniqueId: string,
): Promise<{ stallId: string; favourited: boolean }> {
  const [stall] = await db
    .select({ id: stalls.id, status: stalls.status, createdBy: stalls.createdBy })
    .from(stalls)
    .where(eq(stalls.shopUniqueId, shopUniqueId))
    .limit(1);
  if (!stall) throw new FavouriteStallNotFoundError();
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.stallId, stall.id)))
    .returning({ stallId: favourites.stallId });
  if (removed.length > 0) return { stallId: shopUniqueId, favourited: false };
  // Removing always works; adding needs a stall the user may see.
  const mayAdd = stall.status === "approved" || (stall.status === "pending" && stall.createdBy === userId);
  if (!mayAdd) throw new FavouriteStallNotFoundError();
  await db.insert(favourites).values({ userId, stallId: stall.id }).onConflictDoNothing();
  return { stallId: shopUniqueId, favourited: true };
}

/** Sets the note and/or personal rating of the user's own bookmark; false when they have not bookmarked it. */
export async function updateFavourite(
  db: Db,
  userId: string,
  shopUniqueId: string,
  update: FavouriteUpdate,
  now = Date.now(),
): Promise<boolean> {
  const changed = await db
    .update(favourites)
    .set({
      ...(update.note !== undefined ? { note: update.note } : {}),
      ...(update.personal_rating !== undefined ? { personalRating: update.personal_rating } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.stallId, sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`),
      ),
    )
    .returning({ stallId: favourites.stallId });
  return changed.length > 0;
}

/** Removes the user's bookmark if there is one (My Food Trail's remove button: never re-adds). */
export async function removeFavourite(db: Db, userId: string, shopUniqueId: string): Promise<void> {
  await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.stallId, sql`(SELECT id FROM stalls WHERE shop_unique_id = ${shopUniqueId})`),
      ),
    );
}
