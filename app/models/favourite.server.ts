import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favourites, stalls } from "~/db/schema";
import type { FavouriteUpdate } from "~/lib/schemas/favourites";
import { listColumns, type StallListItem, toStallListItem } from "~/models/stall/stall.server";
import { ModelError } from "./model-error";

/** A bookmark as My Food Trail and GET /api/profile/favorites show it. Timestamps are Unix ms. */
export interface Favourite {
  stallId: string;
  note: string | null;
  personal_rating: number | null;
  created_at: number;
  updated_at: number | null;
  stall: StallListItem;
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

const stallNotFound = () => new ModelError(404, "Stall not found", { field: "stallId" });

/**
 * Adds (`want` true), removes (false) or flips (undefined) a bookmark and answers the new state. Every write goes
 * through the (user, stall) primary key, and a flip is one D1 batch, so one transaction: a DELETE of the row, then an
 * INSERT … ON CONFLICT DO NOTHING that runs only when the DELETE removed nothing. Concurrent requests therefore never
 * leave two rows, and each flip sees the one before it (ADR 008). Only approved stalls, or the user's own pending
 * submissions, can be added (any other is refused with 404); removing always works.
 */
export async function setFavourite(
  db: Db,
  userId: string,
  shopUniqueId: string,
  want?: boolean,
): Promise<{ stallId: string; favourited: boolean }> {
  const d1 = db.$client;
  const remove = d1
    .prepare(
      `DELETE FROM favourites
       WHERE user_id = ?1 AND stall_id = (SELECT id FROM stalls WHERE shop_unique_id = ?2)
       RETURNING stall_id`,
    )
    .bind(userId, shopUniqueId);
  const add = (onlyIfNothingRemoved: boolean) =>
    d1
      .prepare(
        `INSERT INTO favourites (user_id, stall_id)
         SELECT ?1, id FROM stalls
         WHERE shop_unique_id = ?2
           AND (status = 'approved' OR (status = 'pending' AND created_by = ?1))
           ${onlyIfNothingRemoved ? "AND changes() = 0" : ""}
         ON CONFLICT DO NOTHING
         RETURNING stall_id`,
      )
      .bind(userId, shopUniqueId);
  if (want === false) {
    await remove.run();
    return { stallId: shopUniqueId, favourited: false };
  }
  if (want === true) {
    await add(false).run();
    if (!(await isFavourite(db, userId, shopUniqueId))) throw stallNotFound();
    return { stallId: shopUniqueId, favourited: true };
  }
  // changes() is the DELETE's row count: a batch runs its statements in order, in one transaction.
  const [removed, added] = await d1.batch([remove, add(true)]);
  if (removed?.results.length) return { stallId: shopUniqueId, favourited: false };
  if (added?.results.length) return { stallId: shopUniqueId, favourited: true };
  throw stallNotFound();
}

async function isFavourite(db: Db, userId: string, shopUniqueId: string): Promise<boolean> {
  const [row] = await db
    .select({ stallId: favourites.stallId })
    .from(favourites)
    .innerJoin(stalls, eq(stalls.id, favourites.stallId))
    .where(and(eq(favourites.userId, userId), eq(stalls.shopUniqueId, shopUniqueId)))
    .limit(1);
  return Boolean(row);
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
