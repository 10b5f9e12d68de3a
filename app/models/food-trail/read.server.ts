import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, stalls, trailSaves, trailStops, trails } from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { msg } from "~/lib/i18n/translate";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { planInOrder } from "~/lib/rules/trail-order";
import type { DroppedStopView, TrailList, TrailSummary, TrailView } from "~/lib/schemas/food-trail";
import { unblocked } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { invalidCursor } from "~/models/stall/stall.server";
import { type CardStall, stopViews, toCardStall, trailStallColumns, walkFigures } from "./stops.server";

// Reading trails: one trail, the lists of /food-trails and GET /api/trails, and the count Home shows. A private
// trail, and one a moderator hid, exists for its author only: every read here answers it to nobody else, as if it
// did not exist.

export const TRAIL_PAGE_SIZE = 20;
export const TRAIL_PAGE_MAX = 50;
/** The near list: public trails whose stops lie around this close to the point. */
export const NEAR_TRAILS_KM = 10;

const trailColumns = {
  id: trails.id,
  publicId: trails.publicId,
  title: trails.title,
  description: trails.description,
  authorId: trails.authorId,
  curated: trails.curated,
  visibility: trails.visibility,
  area: trails.area,
  latitude: trails.latitude,
  longitude: trails.longitude,
  startAt: trails.startAt,
  savesCount: trails.savesCount,
  hiddenAt: trails.hiddenAt,
  hiddenReason: trails.hiddenReason,
  createdAt: trails.createdAt,
  authorName: profiles.fullName,
  authorUsername: profiles.username,
};

const selectTrails = (db: Db) =>
  db.select(trailColumns).from(trails).leftJoin(profiles, eq(profiles.userId, trails.authorId));
type TrailRow = Awaited<ReturnType<typeof selectTrails>>[number];

const selectStops = (db: Db) =>
  db
    .select({
      trailId: trailStops.trailId,
      note: trailStops.note,
      stallPublicId: trailStops.stallPublicId,
      stallName: trailStops.stallName,
      stall: trailStallColumns,
    })
    .from(trailStops)
    .leftJoin(stalls, eq(stalls.id, trailStops.stallId));
type StopRow = Awaited<ReturnType<typeof selectStops>>[number];

/** Whether the viewer may see the trail at all: public ones to everyone, private and hidden ones to their author. */
export const visibleTo = (
  trail: { visibility: string; authorId: string | null; hiddenAt: number | null },
  viewerId: string | null,
) =>
  (trail.visibility === "public" && trail.hiddenAt === null) ||
  (viewerId !== null && trail.authorId === viewerId);

/**
 * A trail as readers get it: its stops that are still on Nukkad, planned in the author's order from the trail's start
 * (or now), and the stops whose stall was rejected or removed since, which only the author is told about.
 */
function readTrail(trail: TrailRow, stops: StopRow[], viewerId: string | null, now: Date) {
  const kept: CardStall[] = [];
  const removed: DroppedStopView[] = [];
  for (const stop of stops) {
    if (stop.stall?.status === "approved") kept.push(toCardStall(stop.stall, stop.note));
    else removed.push({ stall: { id: stop.stallPublicId, name: stop.stallName }, reason: "removed" });
  }
  const plan = planInOrder(kept, {
    start: trail.startAt === null ? now : new Date(trail.startAt),
    from: null,
  });
  const summary: TrailSummary = {
    id: trail.publicId,
    title: trail.title,
    area: trail.area,
    curated: trail.curated,
    visibility: trail.visibility,
    author:
      trail.authorId === null
        ? null
        : { username: trail.authorUsername, name: trail.authorName ?? "Nukkad user" },
    stop_count: kept.length,
    ...walkFigures(plan, { generatedThreeStops: false }),
    cover_image: kept.find((stall) => stall.card.thumbnail_image)?.card.thumbnail_image ?? null,
    saves: trail.savesCount,
    created_at: new Date(trail.createdAt).toISOString(),
    // Only its author can see a hidden trail at all; told why, as a hidden post's author is.
    hidden_reason: trail.hiddenAt !== null && trail.authorId === viewerId ? trail.hiddenReason : null,
  };
  return { summary, plan, removed };
}

/** A trail with its stops; null when no trail has this id, it is private and the viewer is not its author, or a
 * block stands between them (ADR 048). */
export async function getTrail(
  db: Db,
  viewerId: string | null,
  trailId: string,
  now: Date,
): Promise<TrailView | null> {
  const [[trail], stops, saved] = await db.batch([
    selectTrails(db)
      .where(and(eq(trails.publicId, trailId), unblocked(viewerId, trails.authorId)))
      .limit(1),
    selectStops(db)
      .innerJoin(trails, eq(trails.id, trailStops.trailId))
      .where(eq(trails.publicId, trailId))
      .orderBy(asc(trailStops.position)),
    db
      .select({ trailId: trailSaves.trailId })
      .from(trailSaves)
      .innerJoin(trails, eq(trails.id, trailSaves.trailId))
      .where(and(eq(trails.publicId, trailId), eq(trailSaves.userId, viewerId ?? "")))
      .limit(1),
  ]);
  if (!trail || !visibleTo(trail, viewerId)) return null;
  const { summary, plan, removed } = readTrail(trail, stops, viewerId, now);
  const editable = viewerId !== null && trail.authorId === viewerId;
  return {
    ...summary,
    description: trail.description,
    start: trail.startAt === null ? null : new Date(trail.startAt).toISOString(),
    stops: stopViews(plan),
    dropped: editable ? removed : [],
    saved: saved.length > 0,
    editable,
  };
}

export interface TrailListQuery {
  list: TrailList;
  near?: LatLng;
  cursor?: string;
  limit?: number;
}

/** What everyone's lists show: public trails no moderator hid (their partial indexes still apply). */
const isPublic = sql`${trails.visibility} = 'public' AND ${trails.hiddenAt} IS NULL`;

/** What the viewer's lists show: public trails, none of someone blocked either way (ADR 048). */
const publicFor = (viewerId: string | null) => and(isPublic, unblocked(viewerId, trails.authorId)) as SQL;

/** The cursor's values after its list's name ("by" for a person's trails), or null without one. */
function cursorValues(list: TrailList | "by", cursor: string | undefined, length: number): number[] | null {
  if (cursor === undefined) return null;
  const values = decodeCursor(cursor);
  if (
    !values ||
    values[0] !== list ||
    values.length !== length + 1 ||
    !values.slice(1).every((v) => typeof v === "number" && Number.isFinite(v))
  )
    throw invalidCursor();
  return values.slice(1) as number[];
}

/** One page of a list's trails, one more than the page when there is a next page, and each one's cursor. */
async function pageOfTrails(
  db: Db,
  viewerId: string | null,
  { list, near, cursor }: TrailListQuery,
  wanted: number,
): Promise<{ rows: TrailRow[]; cursorOf: (row: TrailRow) => (string | number)[] }> {
  if (list === "curated") {
    const after = cursorValues(list, cursor, 1);
    const rows = await selectTrails(db)
      .where(
        and(
          publicFor(viewerId),
          sql`${trails.curated} = 1`,
          after ? gt(trails.id, after[0] as number) : undefined,
        ),
      )
      .orderBy(asc(trails.id))
      .limit(wanted);
    return { rows, cursorOf: (row) => [list, row.id] };
  }
  if (list === "popular") {
    return descendingBy(
      db,
      list,
      "savesCount",
      and(publicFor(viewerId), sql`${trails.curated} = 0`) as SQL,
      cursor,
      wanted,
    );
  }
  if (list === "mine") {
    if (viewerId === null) throw new ModelError(401, "Please log in first!");
    return descendingBy(db, list, "createdAt", eq(trails.authorId, viewerId), cursor, wanted);
  }
  if (!near) throw new ModelError(400, "near: give a point as near=latitude,longitude", { field: "near" });
  return nearbyTrails(db, viewerId, near, cursorValues(list, cursor, 2), wanted);
}

/** Trails matching `where`, by `sort` (newest or most saved) then id, both descending, by keyset on the two. */
async function descendingBy(
  db: Db,
  list: TrailList | "by",
  sort: "createdAt" | "savesCount",
  where: SQL,
  cursor: string | undefined,
  wanted: number,
) {
  const after = cursorValues(list, cursor, 2);
  const [value, id] = after ?? [];
  const column = trails[sort];
  const rows = await selectTrails(db)
    .where(
      and(
        where,
        after
          ? or(lt(column, value as number), and(eq(column, value as number), lt(trails.id, id as number)))
          : undefined,
      ),
    )
    .orderBy(desc(column), desc(trails.id))
    .limit(wanted);
  return { rows, cursorOf: (row: TrailRow) => [list, row[sort], row.id] };
}

/** Public trails within NEAR_TRAILS_KM of the point, nearest first: the band of latitude is read through its index,
 * and the distances are measured here. */
async function nearbyTrails(
  db: Db,
  viewerId: string | null,
  near: LatLng,
  after: number[] | null,
  wanted: number,
) {
  const latReach = NEAR_TRAILS_KM / 110.574;
  const lngReach = NEAR_TRAILS_KM / (111.32 * Math.max(0.01, Math.cos((near.lat * Math.PI) / 180)));
  const rows = await selectTrails(db).where(
    and(
      publicFor(viewerId),
      sql`${trails.latitude} BETWEEN ${near.lat - latReach} AND ${near.lat + latReach}`,
      sql`${trails.longitude} BETWEEN ${near.lng - lngReach} AND ${near.lng + lngReach}`,
    ),
  );
  const [afterKm, afterId] = after ?? [];
  const distanceOf = (row: TrailRow) => distanceKm(near, { lat: row.latitude, lng: row.longitude });
  const ordered = rows
    .map((row) => ({ row, km: distanceOf(row) }))
    .filter(({ km }) => km <= NEAR_TRAILS_KM)
    .filter(
      ({ row, km }) =>
        afterKm === undefined || km > afterKm || (km === afterKm && row.id > (afterId as number)),
    )
    .sort((a, b) => a.km - b.km || a.row.id - b.row.id)
    .slice(0, wanted);
  return {
    rows: ordered.map(({ row }) => row),
    cursorOf: (row: TrailRow) => ["near", distanceOf(row), row.id],
  };
}

/** A page of one of /food-trails' lists (curated, popular, the viewer's own, or near a point; popular unless a point
 * is given), by keyset cursor. */
export async function listTrails(
  db: Db,
  viewerId: string | null,
  query: Omit<TrailListQuery, "list"> & { list?: TrailList },
  now: Date,
): Promise<{ data: TrailSummary[]; next_cursor: string | null }> {
  const list = query.list ?? (query.near ? "near" : "popular");
  if (list === "mine" && !viewerId) throw new ModelError(401, "Please log in first!");
  const limit = pageLimit(query.limit);
  return summaryPage(
    db,
    viewerId,
    await pageOfTrails(db, viewerId, { ...query, list }, limit + 1),
    limit,
    now,
  );
}

/**
 * A page of the trails a person made, newest first (a public profile's Trails tab): their public ones, and their
 * private ones too when the reader is that person.
 */
export async function listTrailsBy(
  db: Db,
  viewerId: string | null,
  authorId: string,
  { cursor, limit: asked }: { cursor?: string; limit?: number },
  now: Date,
): Promise<{ data: TrailSummary[]; next_cursor: string | null }> {
  const limit = pageLimit(asked);
  const where =
    viewerId === authorId
      ? eq(trails.authorId, authorId)
      : and(eq(trails.authorId, authorId), publicFor(viewerId));
  return summaryPage(
    db,
    viewerId,
    await descendingBy(db, "by", "createdAt", where as SQL, cursor, limit + 1),
    limit,
    now,
  );
}

const pageLimit = (asked: number | undefined) =>
  Math.min(TRAIL_PAGE_MAX, Math.max(1, Math.trunc(asked ?? TRAIL_PAGE_SIZE)));

/** A list's page as readers get it: each trail's summary from its stops, and the next page's cursor. */
async function summaryPage(
  db: Db,
  viewerId: string | null,
  { rows, cursorOf }: { rows: TrailRow[]; cursorOf: (row: TrailRow) => (string | number)[] },
  limit: number,
  now: Date,
): Promise<{ data: TrailSummary[]; next_cursor: string | null }> {
  const page = rows.slice(0, limit);
  const stops =
    page.length === 0
      ? []
      : await selectStops(db)
          .where(
            inArray(
              trailStops.trailId,
              page.map((row) => row.id),
            ),
          )
          .orderBy(asc(trailStops.trailId), asc(trailStops.position));
  const last = page.at(-1);
  return {
    data: page.map(
      (row) =>
        readTrail(
          row,
          stops.filter((stop) => stop.trailId === row.id),
          viewerId,
          now,
        ).summary,
    ),
    next_cursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null,
  };
}

/** Every trail made, public and private: Home's 'food trails created' and the FAQ. */
export async function countTrails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trails);
  return row?.n ?? 0;
}

/** The trail's row and author, for writes that must tell a stranger's trail (403) from a hidden one (404). */
export async function findTrailForWrite(db: Db, trailId: string) {
  const [trail] = await db
    .select({
      id: trails.id,
      authorId: trails.authorId,
      visibility: trails.visibility,
      curated: trails.curated,
      hiddenAt: trails.hiddenAt,
    })
    .from(trails)
    .where(eq(trails.publicId, trailId))
    .limit(1);
  return trail ?? null;
}

export const trailNotFound = () => new ModelError(404, msg("Trail not found"));

/** Conditions shared by writes: only the trail's own author. */
export const authoredBy = (trailRowId: number, userId: string): SQL =>
  and(eq(trails.id, trailRowId), eq(trails.authorId, userId)) as SQL;
