import { eq, inArray, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { posts, stalls, users } from "~/db/schema";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { PostView } from "~/lib/schemas/community";
import { ModelError } from "~/models/model-error";
import { personView } from "~/models/person.server";
import { invalidCursor, pinnedStallColumns, pinnedStallView } from "~/models/stall/stall.server";

// Posts as every read answers them: the columns, the reader's own marks (liked, saved, following), the pinned stall
// with its open state, and the keyset cursors of the lists.

/** Who reads: a signed-in person, or a visitor. */
export type Viewer = { id: string } | null;

export const POST_NOT_FOUND = msg("Post not found");
export const postNotFound = () => new ModelError(404, POST_NOT_FOUND);

/** A person still here: writing and being mentioned need one. A deleted account's posts stay readable, by 'Deleted
 * user' (ADR 021). */
export const authorPresent = sql`${users.deletedAt} IS NULL`;
export const visible = sql`${posts.hiddenAt} IS NULL`;

/** Whether the reader liked and saved the post: primary-key lookups, one each per post; a visitor's null matches
 * nothing. */
export function readerMarks(viewerId: string | null) {
  return {
    liked: sql<number>`EXISTS (SELECT 1 FROM post_likes WHERE post_likes.post_id = ${posts.id} AND post_likes.user_id = ${viewerId})`,
    saved: sql<number>`EXISTS (SELECT 1 FROM post_saves WHERE post_saves.post_id = ${posts.id} AND post_saves.user_id = ${viewerId})`,
  };
}

function postColumns(viewerId: string | null, authorsFollowed: boolean) {
  return {
    rowId: posts.id,
    publicId: posts.publicId,
    userId: posts.userId,
    type: posts.type,
    body: posts.body,
    images: posts.images,
    latitude: posts.latitude,
    longitude: posts.longitude,
    likeCount: posts.likeCount,
    commentCount: posts.commentCount,
    saveCount: posts.saveCount,
    hotScore: posts.hotScore,
    hiddenAt: posts.hiddenAt,
    hiddenReason: posts.hiddenReason,
    heldAt: posts.heldAt,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    // Carried on the post (ADR 025): the page reads no profile.
    author: {
      id: posts.userId,
      username: posts.authorUsername,
      name: posts.authorName,
      avatarUrl: posts.authorAvatarUrl,
    },
    ...pinnedStallColumns,
    ...readerMarks(viewerId),
    followingAuthor: authorsFollowed
      ? sql<number>`1`
      : sql<number>`EXISTS (SELECT 1 FROM follows WHERE follows.follower_id = ${viewerId} AND follows.followee_id = ${posts.userId})`,
  };
}

/** Posts with their author and pinned stall, as the reader sees them; add the where, order and limit. The author's
 * name, username and avatar are the post's own columns, kept equal to the profile by every writer of it (ADR 025);
 * a deleted account's are scrubbed with it (ADR 021). `authorsFollowed`: the list holds only authors the reader
 * follows (Following), so that mark needs no lookup. */
export function selectPosts(db: Db, viewer: Viewer, { authorsFollowed = false } = {}) {
  return db
    .select(postColumns(viewer?.id ?? null, authorsFollowed))
    .from(posts)
    .leftJoin(stalls, eq(stalls.id, posts.stallId));
}
export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>["where"]>>[number];

/** Whether the reader may see the post: a hidden one only its author. */
export const readableBy = (row: { hiddenAt: number | null; userId: string }, viewer: Viewer) =>
  row.hiddenAt === null || row.userId === viewer?.id;

export function toPostView(row: PostRow, viewer: Viewer, now: Date, near?: LatLng | null): PostView {
  const mine = viewer !== null && row.userId === viewer.id;
  const stall =
    row.stallPublicId !== null && row.stallStatus === "approved"
      ? pinnedStallView(row.stallPublicId, row, now, near)
      : null;
  return {
    id: row.publicId,
    type: row.type,
    text: row.body,
    images: row.images,
    author: personView(row.author),
    stall,
    location:
      row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    like_count: row.likeCount,
    comment_count: row.commentCount,
    save_count: row.saveCount,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
    liked: Boolean(row.liked),
    saved: Boolean(row.saved),
    mine,
    following_author: viewer === null || mine ? null : Boolean(row.followingAuthor),
    hidden_reason: mine && row.hiddenAt !== null ? row.hiddenReason : null,
    held: mine && row.heldAt !== null,
  };
}

/** The full rows of posts a list found by row id, in the list's order (a page: at most FEED_PAGE_SIZE ids). */
export async function postsInOrder(db: Db, viewer: Viewer, rowIds: number[]): Promise<PostRow[]> {
  if (rowIds.length === 0) return [];
  const rows = await selectPosts(db, viewer).where(inArray(posts.id, rowIds));
  const byId = new Map(rows.map((row) => [row.rowId, row]));
  return rowIds.flatMap((id) => byId.get(id) ?? []);
}

/** A list's position: its name, then the sort value and row id of the last post shown. */
export function pageCursor(list: string, value: number, rowId: number): string {
  return encodeCursor([list, value, rowId]);
}

export function readCursor(
  list: string,
  cursor: string | undefined,
): { value: number; rowId: number } | null {
  if (cursor === undefined || cursor === "") return null;
  const values = decodeCursor(cursor);
  if (
    values?.length !== 3 ||
    values[0] !== list ||
    typeof values[1] !== "number" ||
    !Number.isFinite(values[1]) ||
    !Number.isSafeInteger(values[2])
  )
    throw invalidCursor();
  return { value: values[1], rowId: values[2] as number };
}

/** (column, id) strictly after the cursor in descending order: every keyset list of posts and reels. */
export function beforeCursor(
  column: AnySQLiteColumn,
  id: AnySQLiteColumn,
  after: { value: number; rowId: number } | null,
) {
  if (!after) return sql`1`;
  // A row value, not `a < x OR (a = x AND id < y)`: SQLite seeks the (column, id) index to the cursor with it, where
  // the OR form walked every entry above the cursor (page 50 of Following read 169,000 rows, now about 2,600).
  return sql`(${column}, ${id}) < (${after.value}, ${after.rowId})`;
}
