import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyDb, Db } from "~/db/client.server";
import { stalls, trailSaves, trailStops, trails } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { msg } from "~/lib/i18n/translate";
import { editedTrailFields, TRAIL_FIELDS } from "~/lib/rules/trail-edit";
import { TRAIL_MAX_STOPS, TRAIL_MIN_STOPS } from "~/lib/rules/trail-limits";
import type { TrailInput, TrailVisibility } from "~/lib/schemas/food-trail";
import { refuseIfRestricted } from "~/models/account-restriction.server";
import { achievementStatements } from "~/models/achievement.server";
import { blockedEitherWay, unblocked } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { refreshUnreadCounts } from "~/models/notification/notification.server";
import { translatorOfPerson } from "~/models/person.server";
import { consumeRateLimit, DAY_MS, dailyLimit } from "~/models/rate-limit.server";
import { dailyLimitFor } from "~/models/trust.server";
import { authoredBy, findTrailForWrite, trailNotFound, visibleTo } from "./read.server";
import { areaOf, middleOf, selectTrailStalls, type TrailStallRow, trailStallColumns } from "./stops.server";

// Writing trails: create, edit, delete and fork (their author only), and saving someone's trail.

/** New trails (forks included) per user in any 24 hours. */
export const DAILY_TRAIL_LIMIT = dailyLimit(
  30,
  msg("You can make up to 30 trails a day. Please try again tomorrow."),
  dailyLimit(
    3,
    msg("While your account is new, you can make up to 3 trails a day. Please try again tomorrow."),
  ),
);

const NOT_AUTHOR = msg("Only the trail's author can change it");

/** The stalls of the stops, in their order; each must be an approved stall, once. Refusals name the stop's field. */
async function stallsOfStops(db: Db, stops: TrailInput["stops"]): Promise<TrailStallRow[]> {
  if (stops.length < TRAIL_MIN_STOPS)
    throw new ModelError(400, msg("A trail needs at least 2 stops"), { field: "stops" });
  if (stops.length > TRAIL_MAX_STOPS)
    throw new ModelError(400, msg("A trail can have up to 12 stops"), { field: "stops" });
  const ids = stops.map((stop) => stop.stallId);
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (repeated !== -1) {
    throw new ModelError(400, msg("A stall can be on a trail only once"), {
      field: `stops.${repeated}.stallId`,
    });
  }
  const rows = await selectTrailStalls(db).where(inArray(stalls.shopUniqueId, ids));
  const byId = new Map(rows.map((row) => [row.shopUniqueId, row]));
  return ids.map((id, index) => {
    const row = byId.get(id);
    const field = `stops.${index}.stallId`;
    if (!row) throw new ModelError(400, msg("No stall on Nukkad has this id"), { field });
    if (row.status !== "approved") {
      throw new ModelError(
        400,
        msg("This stall is not on Nukkad yet: only approved stalls can be on a trail"),
        {
          field,
        },
      );
    }
    return row;
  });
}

/** A trail's stall as its stop stores it: the stall is found by public id, its name and place kept as saved. */
export interface StopStall {
  shopUniqueId: string;
  name: string;
  location: string;
  latitude: number;
  longitude: number;
}

/** A trail to store: the app's users' trails, and the seed's curated and community ones. */
export interface NewTrail {
  authorId: string | null;
  curated?: boolean;
  title: string;
  description: string;
  visibility: TrailVisibility;
  /** ISO date-time, or null for "now". */
  start: string | null;
  stops: { stall: StopStall; note: string | null }[];
  createdAt?: number;
}

/** The trail's own columns from what its author wrote. */
function trailDetails(trail: Pick<NewTrail, "title" | "description" | "visibility" | "start">) {
  return {
    title: trail.title,
    description: trail.description,
    visibility: trail.visibility,
    startAt: trail.start === null ? null : Date.parse(trail.start),
  };
}

/** Where the trail is, from its stops' stalls: the neighbourhood named on cards and the middle its map opens on. */
function placeOfStops(stops: NewTrail["stops"]) {
  const places = stops.map((stop) => stop.stall);
  const middle = middleOf(places.map((place) => ({ lat: place.latitude, lng: place.longitude })));
  return { area: areaOf(places.map((place) => place.location)), latitude: middle.lat, longitude: middle.lng };
}

function stopRows(db: AnyDb, trailRowId: number | SQL, stops: NewTrail["stops"]) {
  return db.insert(trailStops).values(
    stops.map(({ stall, note }, index) => ({
      trailId: trailRowId,
      stallId: sql`(SELECT id FROM stalls WHERE shop_unique_id = ${stall.shopUniqueId})`,
      stallPublicId: stall.shopUniqueId,
      stallName: stall.name,
      position: index + 1,
      note,
    })),
  );
}

/** The statements that store a trail and its stops (one batch), and its new public id. */
export function newTrailStatements(db: AnyDb, trail: NewTrail) {
  const publicId = randomId();
  const trailRowId = sql`(SELECT id FROM trails WHERE public_id = ${publicId})`;
  const statements = [
    db.insert(trails).values({
      publicId,
      authorId: trail.authorId,
      curated: trail.curated ?? false,
      createdAt: trail.createdAt,
      ...trailDetails(trail),
      ...placeOfStops(trail.stops),
    }),
    stopRows(db, trailRowId, trail.stops),
  ] as const;
  return { publicId, statements };
}

/** The statement that makes a trail's saves count equal its saves again, run in the batch of every write to them. */
export function recomputeSaves(db: AnyDb, trailRowId: number | SQL) {
  return db
    .update(trails)
    .set({
      savesCount: sql`(SELECT count(*) FROM ${trailSaves} WHERE ${trailSaves.trailId} = ${trailRowId})`,
    })
    .where(eq(trails.id, trailRowId));
}

const withStalls = (input: TrailInput, rows: TrailStallRow[]): NewTrail["stops"] =>
  rows.map((row, index) => ({
    stall: { ...row, location: row.location },
    note: input.stops[index]?.note ?? null,
  }));

/** Counts one new trail against the user's daily allowance (one atomic upsert), or refuses with 429. */
async function spendTrailAllowance(db: Db, userId: string): Promise<void> {
  const daily = await dailyLimitFor(db, userId, DAILY_TRAIL_LIMIT);
  const { allowed, retryAfterSeconds } = await consumeRateLimit(db, `trail-create:${userId}`, {
    limit: daily.limit,
    windowSeconds: DAY_MS / 1000,
  });
  if (!allowed) throw new ModelError(429, daily.message, { retryAfterSeconds });
}

/** Stores a trail and its stops in one batch; answers its public id. */
async function insertTrail(db: Db, trail: NewTrail): Promise<{ id: string }> {
  const { publicId, statements } = newTrailStatements(db, trail);
  await db.batch(statements);
  return { id: publicId };
}

/** A new trail by the user, its stops in the order given. */
export async function createTrail(db: Db, userId: string, input: TrailInput): Promise<{ id: string }> {
  await refuseIfRestricted(db, userId);
  const rows = await stallsOfStops(db, input.stops);
  await spendTrailAllowance(db, userId);
  return insertTrail(db, { ...input, authorId: userId, stops: withStalls(input, rows) });
}

/** The trail's row when the user wrote it: a stranger's public trail is refused with 403, a hidden one with 404. */
async function ownTrail(db: Db, userId: string, trailId: string) {
  const trail = await findTrailForWrite(db, trailId);
  if (!trail || !visibleTo(trail, userId)) throw trailNotFound();
  if (trail.authorId !== userId) throw new ModelError(403, NOT_AUTHOR);
  return trail;
}

/**
 * Writes what the author sent: the whole trail, or, given `base` (the trail as their editor loaded it), only the fields
 * they changed from it, so that what another device changed meanwhile in the other fields stays (editedTrailFields).
 */
export async function updateTrail(
  db: Db,
  userId: string,
  trailId: string,
  input: TrailInput,
  base: TrailInput | null = null,
): Promise<void> {
  const trail = await ownTrail(db, userId, trailId);
  const edited = new Set(base ? editedTrailFields(base, input) : TRAIL_FIELDS);
  if (edited.size === 0) return;
  const stops = edited.has("stops") ? withStalls(input, await stallsOfStops(db, input.stops)) : null;
  const details = trailDetails(input);
  const update = db
    .update(trails)
    .set({
      ...(edited.has("title") ? { title: details.title } : {}),
      ...(edited.has("description") ? { description: details.description } : {}),
      ...(edited.has("visibility") ? { visibility: details.visibility } : {}),
      ...(edited.has("start") ? { startAt: details.startAt } : {}),
      ...(stops ? placeOfStops(stops) : {}),
      updatedAt: Date.now(),
    })
    .where(authoredBy(trail.id, userId));
  if (!stops) {
    await update;
    return;
  }
  await db.batch([
    update,
    db.delete(trailStops).where(eq(trailStops.trailId, trail.id)),
    stopRows(db, trail.id, stops),
  ]);
}

/** Deletes the author's trail, its stops and its saves. */
export async function deleteTrail(db: Db, userId: string, trailId: string): Promise<void> {
  const trail = await ownTrail(db, userId, trailId);
  await db.delete(trails).where(authoredBy(trail.id, userId));
}

/** Copies a trail the user can see (not one of someone blocked either way) into a new private trail of theirs (to edit), with the stops still on Nukkad. */
export async function forkTrail(db: Db, userId: string, trailId: string): Promise<{ id: string }> {
  await refuseIfRestricted(db, userId);
  const [source] = await db
    .select({
      id: trails.id,
      authorId: trails.authorId,
      visibility: trails.visibility,
      hiddenAt: trails.hiddenAt,
      title: trails.title,
      description: trails.description,
      startAt: trails.startAt,
    })
    .from(trails)
    .where(and(eq(trails.publicId, trailId), unblocked(userId, trails.authorId)))
    .limit(1);
  if (!source || !visibleTo(source, userId)) throw trailNotFound();
  const stops = await db
    .select({ note: trailStops.note, stall: trailStallColumns })
    .from(trailStops)
    .innerJoin(stalls, eq(stalls.id, trailStops.stallId))
    .where(and(eq(trailStops.trailId, source.id), sql`${stalls.status} = 'approved'`))
    .orderBy(asc(trailStops.position));
  if (stops.length < TRAIL_MIN_STOPS) {
    throw new ModelError(
      409,
      msg("Fewer than 2 of this trail's stalls are still on Nukkad, so it cannot be copied"),
    );
  }
  await spendTrailAllowance(db, userId);
  return insertTrail(db, {
    authorId: userId,
    title: source.title,
    description: source.description,
    visibility: "private",
    start: source.startAt === null ? null : new Date(source.startAt).toISOString(),
    stops,
  });
}

/** Saves or unsaves a trail the user can see, not one of someone blocked either way (toggles when `saved` is not given); its count is recomputed from the
 * saves in the same batch. Someone else's save can earn the trail's author 'trailblazer' (told in their language);
 * saving your own trail earns nothing. */
export async function setTrailSaved(
  db: Db,
  kv: KVNamespace,
  userId: string,
  trailId: string,
  saved?: boolean,
): Promise<{ saved: boolean; saves: number }> {
  const trail = await findTrailForWrite(db, trailId);
  if (
    !trail ||
    !visibleTo(trail, userId) ||
    (trail.authorId !== null && (await blockedEitherWay(db, userId, trail.authorId)))
  )
    throw trailNotFound();
  const mine = and(eq(trailSaves.trailId, trail.id), eq(trailSaves.userId, userId));
  let wanted = saved;
  if (wanted === undefined) {
    const [existing] = await db.select({ userId: trailSaves.userId }).from(trailSaves).where(mine).limit(1);
    wanted = !existing;
  }
  const author = wanted && trail.authorId !== null && trail.authorId !== userId ? trail.authorId : null;
  const [, [figures]] = await db.batch([
    wanted
      ? db.insert(trailSaves).values({ trailId: trail.id, userId }).onConflictDoNothing()
      : db.delete(trailSaves).where(mine),
    db
      .update(trails)
      .set({
        savesCount: sql`(SELECT count(*) FROM ${trailSaves} WHERE ${trailSaves.trailId} = ${trail.id})`,
      })
      .where(eq(trails.id, trail.id))
      .returning({ saves: trails.savesCount }),
    ...(author
      ? achievementStatements(db, author, "trail_saves_by_others", await translatorOfPerson(db, author))
      : []),
  ]);
  if (author) await refreshUnreadCounts(db, kv, [author]);
  return { saved: wanted, saves: figures?.saves ?? 0 };
}
