import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { follows, profiles, reelSaves, reels, stalls } from "~/db/schema";
import { mediaUrl } from "~/lib/http/media-url";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { Role } from "~/lib/rules/options";
import { NEARBY_RADIUS_KM } from "~/lib/schemas/community";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { REEL_PAGE_SIZE, type ReelPage, type ReelQuery, type ReelView } from "~/lib/schemas/reels";
import { inFeedsOf, unblocked } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { personView } from "~/models/person.server";
import { beforeCursor, pageCursor, readCursor } from "~/models/post/post.server";
import { newestPinnedNear, pinnedStallColumns, pinnedStallView } from "~/models/stall/stall.server";

// Reading reels (issue 21): one reel, and the four tabs of /reels. Each tab is a keyset page on (sort value, row id)
// read through an index in that order, never OFFSET; a page's reels come with their author, stall and the reader's
// marks in the same statement (row lookups by key): For You is one statement, Following and Saved two (the ids, then
// the page's reels by id), Nearby one batch of cell ranges and then the page.

/** Who reads: a signed-in person (with their role, so moderators see pending reels), or a visitor. The posts'
 * Viewer ({ id }) is one too. */
export type ReelViewer = { id: string; role?: Role } | null;

export const REEL_NOT_FOUND = msg("Reel not found");
export const reelNotFound = () => new ModelError(404, REEL_NOT_FOUND);
const LOG_IN_FIRST = "Please log in first!";
export const REEL_NEAR_REQUIRED = msg("Share your location to see reels from your area");

/** A reel everyone may watch: approved, and not hidden (by reports pending review, or by its author's suspension). The
 * status is a literal so that SQLite picks the partial indexes of approved reels; a hidden one is read and skipped. */
export const shown = sql`${reels.status} = 'approved' AND ${reels.hiddenAt} IS NULL`;
const stallApproved = sql`${stalls.status} = 'approved'`;

/** Whether the reader liked and saved the reel: primary-key lookups, one each per reel; a visitor's null matches
 * nothing. */
export function readerMarks(viewerId: string | null) {
  return {
    liked: sql<number>`EXISTS (SELECT 1 FROM reel_likes WHERE reel_likes.reel_id = ${reels.id} AND reel_likes.user_id = ${viewerId})`,
    saved: sql<number>`EXISTS (SELECT 1 FROM reel_saves WHERE reel_saves.reel_id = ${reels.id} AND reel_saves.user_id = ${viewerId})`,
  };
}

function reelColumns(viewerId: string | null) {
  return {
    rowId: reels.id,
    publicId: reels.publicId,
    userId: reels.userId,
    status: reels.status,
    hiddenAt: reels.hiddenAt,
    caption: reels.caption,
    videoKey: reels.videoKey,
    posterKey: reels.posterKey,
    videoType: reels.videoType,
    durationMs: reels.durationMs,
    width: reels.width,
    height: reels.height,
    likeCount: reels.likeCount,
    saveCount: reels.saveCount,
    hotScore: reels.hotScore,
    createdAt: reels.createdAt,
    // A deleted account keeps a scrubbed profile: 'Deleted user', no username, no avatar (ADR 021).
    author: {
      id: reels.userId,
      username: profiles.username,
      name: sql<string>`coalesce(${profiles.fullName}, 'Deleted user')`,
      avatarUrl: profiles.avatarUrl,
    },
    ...pinnedStallColumns,
    ...readerMarks(viewerId),
    followingAuthor: sql<number>`EXISTS (SELECT 1 FROM follows WHERE follows.follower_id = ${viewerId} AND follows.followee_id = ${reels.userId})`,
  };
}

/** Reels with their author and stall as the reader sees them; add the where, order and limit. */
function selectReels(db: Db, viewer: ReelViewer) {
  return db
    .select(reelColumns(viewer?.id ?? null))
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .leftJoin(profiles, eq(profiles.userId, reels.userId));
}
type ReelRow = Awaited<ReturnType<ReturnType<typeof selectReels>["where"]>>[number];

function toReelView(row: ReelRow, viewer: ReelViewer, now: Date, near: LatLng | null): ReelView {
  const mine = viewer !== null && row.userId === viewer.id;
  return {
    id: row.publicId,
    video_url: mediaUrl(row.videoKey),
    poster_url: mediaUrl(row.posterKey),
    video_type: row.videoType,
    duration_s: Math.round(row.durationMs / 100) / 10,
    width: row.width,
    height: row.height,
    caption: row.caption,
    author: personView(row.author),
    stall: pinnedStallView(row.stallPublicId, row, now, near),
    like_count: row.likeCount,
    save_count: row.saveCount,
    created_at: new Date(row.createdAt).toISOString(),
    status: row.status,
    liked: Boolean(row.liked),
    saved: Boolean(row.saved),
    mine,
    following_author: viewer === null || mine ? null : Boolean(row.followingAuthor),
  };
}

/** Whether the reader may see the reel: an approved and shown one of an approved stall anyone, else its author and
 * moderators only. */
const readableBy = (row: ReelRow, viewer: ReelViewer) =>
  (row.status === "approved" && row.hiddenAt === null && row.stallStatus === "approved") ||
  row.userId === viewer?.id ||
  isModerator(viewer?.role ? { role: viewer.role } : null);

/** One reel; a pending one is not found (404) to everyone but its author and moderators, and one of someone blocked
 * either way to both (ADR 048). */
export async function getReel(
  db: Db,
  viewer: ReelViewer,
  publicId: string,
  near?: LatLng | null,
): Promise<ReelView> {
  const [row] = await selectReels(db, viewer)
    .where(and(eq(reels.publicId, publicId), unblocked(viewer?.id ?? null, reels.userId)))
    .limit(1);
  if (!row || !readableBy(row, viewer)) throw reelNotFound();
  return toReelView(row, viewer, new Date(), near ?? null);
}

const wanted = REEL_PAGE_SIZE + 1;

/** A page of the rows read (one more than a page when a next page exists), with the cursor of its last reel. */
function toPage(
  rows: ReelRow[],
  viewer: ReelViewer,
  near: LatLng | null,
  next: (last: ReelRow) => string,
): ReelPage {
  const now = new Date();
  const page = rows.slice(0, REEL_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map((row) => toReelView(row, viewer, now, near)),
    next_cursor: rows.length > REEL_PAGE_SIZE && last ? next(last) : null,
  };
}

/**
 * The tabs of /reels: For You ranks by the stored hot score (ADR 022, written hourly); Following (the people the
 * reader follows) and Nearby (stalls within NEARBY_RADIUS_KM of `near`) are newest first; Saved is the reader's
 * saves, newest saved first. Only approved reels of approved stalls; Following and Saved need a signed-in reader.
 * For You, Following and Nearby leave out people the reader blocked or muted and those who blocked them; Saved only
 * the blocks (ADR 048).
 */
export async function listReels(db: Db, viewer: ReelViewer, query: ReelQuery): Promise<ReelPage> {
  const near = query.near ?? null;
  switch (query.tab) {
    case "following":
      if (!viewer) throw new ModelError(401, LOG_IN_FIRST);
      return followingPage(db, viewer, near, query.cursor);
    case "saved":
      if (!viewer) throw new ModelError(401, LOG_IN_FIRST);
      return savedPage(db, viewer, near, query.cursor);
    case "nearby":
      if (!near) throw new ModelError(400, REEL_NEAR_REQUIRED, { field: "near" });
      return nearbyPage(db, viewer, near, query.cursor);
    default:
      return forYouPage(db, viewer, near, query.cursor);
  }
}

/** reels_approved_hot_idx read backwards from the cursor; the stall and profile are row lookups. */
async function forYouPage(db: Db, viewer: ReelViewer, near: LatLng | null, cursor?: string) {
  const after = readCursor("reels_for_you", cursor);
  const rows = await selectReels(db, viewer)
    .where(
      and(
        shown,
        stallApproved,
        inFeedsOf(viewer?.id ?? null, reels.userId),
        beforeCursor(reels.hotScore, reels.id, after),
      ),
    )
    .orderBy(desc(reels.hotScore), desc(reels.id))
    .limit(wanted);
  return toPage(rows, viewer, near, (last) => pageCursor("reels_for_you", last.hotScore, last.rowId));
}

/**
 * Reels of the people the reader follows, newest first. Reels have no fan-out table (posts' feed_entries): the
 * follows are one range of their primary key, and each followed person's reels one range of reels_user_created_idx
 * read backwards from the cursor. SQLite's ORDER BY ... LIMIT over an IN list leaves each person's range once it can
 * no longer reach the page, so the ids read about a page per person followed, however many reels they made; the
 * page's reels are then read by id (joined in the first statement, the stall and profile lookups undid that).
 */
async function followingPage(db: Db, viewer: { id: string }, near: LatLng | null, cursor?: string) {
  const after = readCursor("reels_following", cursor);
  const found = await db
    .select({ id: reels.id, createdAt: reels.createdAt })
    .from(reels)
    .where(
      and(
        inArray(
          reels.userId,
          db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewer.id)),
        ),
        shown,
        inFeedsOf(viewer.id, reels.userId),
        beforeCursor(reels.createdAt, reels.id, after),
      ),
    )
    .orderBy(desc(reels.createdAt), desc(reels.id))
    .limit(wanted);
  return pageOf(db, viewer, near, "reels_following", found);
}

/** The reader's saved reels, most recently saved first (reel_saves_user_created_idx); the cursor is the save's. */
async function savedPage(db: Db, viewer: { id: string }, near: LatLng | null, cursor?: string) {
  const after = readCursor("reels_saved", cursor);
  const found = await db
    .select({ id: reelSaves.reelId, createdAt: reelSaves.createdAt })
    .from(reelSaves)
    .innerJoin(reels, eq(reels.id, reelSaves.reelId))
    .where(
      and(
        eq(reelSaves.userId, viewer.id),
        shown,
        unblocked(viewer.id, reels.userId),
        beforeCursor(reelSaves.createdAt, reelSaves.reelId, after),
      ),
    )
    .orderBy(desc(reelSaves.createdAt), desc(reelSaves.reelId))
    .limit(wanted);
  return pageOf(db, viewer, near, "reels_saved", found);
}

/** A page of the reels a list found in its order (one more than a page when there is a next one), read by row id;
 * a reel gone between the two reads (or whose stall is not approved) drops out, and the cursor keeps the list's. */
async function pageOf(
  db: Db,
  viewer: ReelViewer,
  near: LatLng | null,
  list: string,
  found: { id: number; createdAt: number }[],
): Promise<ReelPage> {
  const page = found.slice(0, REEL_PAGE_SIZE);
  const rows =
    page.length > 0
      ? await selectReels(db, viewer).where(
          and(
            inArray(
              reels.id,
              page.map((row) => row.id),
            ),
            stallApproved,
          ),
        )
      : [];
  const byId = new Map(rows.map((row) => [row.rowId, row]));
  const now = new Date();
  const last = page.at(-1);
  return {
    data: page.flatMap((entry) => {
      const row = byId.get(entry.id);
      return row ? [toReelView(row, viewer, now, near)] : [];
    }),
    next_cursor: found.length > REEL_PAGE_SIZE && last ? pageCursor(list, last.createdAt, last.id) : null,
  };
}

/** Reels of stalls within NEARBY_RADIUS_KM of `near`, newest first, as posts' Nearby reads them: one range of
 * reels_approved_cell_idx a row of grid cells around the point (newestPinnedNear). */
async function nearbyPage(db: Db, viewer: ReelViewer, near: LatLng, cursor?: string): Promise<ReelPage> {
  const after = readCursor("reels_nearby", cursor);
  const found = await newestPinnedNear(db, near, NEARBY_RADIUS_KM, wanted, (inRange, withinRadius) =>
    db
      .select({ id: reels.id, createdAt: reels.createdAt, lat: stalls.latitude, lng: stalls.longitude })
      .from(reels)
      .innerJoin(stalls, eq(stalls.id, reels.stallId))
      .where(
        and(
          inRange(reels.gridCell),
          shown,
          stallApproved,
          inFeedsOf(viewer?.id ?? null, reels.userId),
          withinRadius,
          beforeCursor(reels.createdAt, reels.id, after),
        ),
      )
      .orderBy(desc(reels.createdAt), desc(reels.id))
      .limit(wanted),
  );
  return pageOf(db, viewer, near, "reels_nearby", found);
}
