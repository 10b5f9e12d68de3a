import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedEntries, postSaves, posts, stalls } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import {
  FEED_PAGE_SIZE,
  type FeedQuery,
  NEARBY_RADIUS_KM,
  type PostPage,
  type PostView,
} from "~/lib/schemas/community";
import { inFeedsOf, mutedWordsOf, unblocked, withoutMutedWords } from "~/models/block.server";
import { ModelError } from "~/models/model-error";
import { newestPinnedNear } from "~/models/stall/stall.server";
import {
  beforeCursor,
  type PostRow,
  pageCursor,
  postNotFound,
  postsInOrder,
  readableBy,
  readCursor,
  selectPosts,
  toPostView,
  type Viewer,
  visible,
} from "./rows.server";

// Reading posts: one post, the feed's three tabs, a person's posts and one's saved posts. Every list is a keyset page
// on (sort value, row id) read through an index in that order: never OFFSET, never a long IN list.

const LOG_IN_FIRST = "Please log in first!";
export const NEAR_REQUIRED = msg("Share your location to see posts from your area");

/** One post; a hidden one answers 404 to everyone but its author, who sees why, and one of someone blocked either way
 * to both (ADR 048). A deleted account's posts stay, by 'Deleted user' (ADR 021). */
export async function getPost(db: Db, viewer: Viewer, postId: string, near?: LatLng): Promise<PostView> {
  const [row] = await selectPosts(db, viewer)
    .where(and(eq(posts.publicId, postId), unblocked(viewer?.id ?? null, posts.userId)))
    .limit(1);
  if (!row || !readableBy(row, viewer)) throw postNotFound();
  return toPostView(row, viewer, new Date(), near);
}

function toPage(rows: PostRow[], viewer: Viewer, near: LatLng | null, next: string | null): PostPage {
  const now = new Date();
  return { data: rows.map((row) => toPostView(row, viewer, now, near)), next_cursor: next };
}

/** The page of `rows` read one past a page (so that the next page shows), with the cursor of its last post in
 * `list`, which is ordered by `sortValue` then row id. */
function firstPage(
  rows: PostRow[],
  viewer: Viewer,
  near: LatLng | null,
  list: string,
  sortValue: (row: PostRow) => number,
): PostPage {
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  const next = rows.length > FEED_PAGE_SIZE && last ? pageCursor(list, sortValue(last), last.rowId) : null;
  return toPage(page, viewer, near, next);
}

const wanted = FEED_PAGE_SIZE + 1;

/** The feed's tabs (spec: Community Feed). For You ranks by the stored hot score; Following and Nearby are newest
 * first. Visitors read For You and Nearby. Each leaves out the authors the reader blocked or muted and those who
 * blocked them, in SQL so the page stays full; posts with a muted word are dropped from the page read, so such a page
 * can be shorter, its cursor still the last post read (ADR 048). */
export async function readFeed(db: Db, viewer: Viewer, query: FeedQuery): Promise<PostPage> {
  const [page, words] = await Promise.all([feedTab(db, viewer, query), mutedWordsOf(db, viewer?.id ?? null)]);
  return { ...page, data: withoutMutedWords(page.data, words, (post) => post.text) };
}

async function feedTab(db: Db, viewer: Viewer, query: FeedQuery): Promise<PostPage> {
  const near = query.near ?? null;
  if (query.tab === "following") {
    if (!viewer) throw new ModelError(401, LOG_IN_FIRST);
    return followingPage(db, viewer, near, query.cursor);
  }
  if (query.tab === "nearby") {
    if (!near) throw new ModelError(400, NEAR_REQUIRED, { field: "near" });
    return nearbyPage(db, viewer, near, query.cursor);
  }
  const after = readCursor("for_you", query.cursor);
  // posts_visible_hot_idx read backwards from the cursor; the stall is a row lookup, the author is on the post.
  const rows = await selectPosts(db, viewer)
    .where(
      and(
        visible,
        inFeedsOf(viewer?.id ?? null, posts.userId),
        beforeCursor(posts.hotScore, posts.id, after),
      ),
    )
    .orderBy(desc(posts.hotScore), desc(posts.id))
    .limit(wanted);
  return firstPage(rows, viewer, near, "for_you", (row) => row.hotScore);
}

/** Home's 'From the community': the newest visible posts, read backwards along posts_visible_created_idx, without the
 * authors the reader blocked or muted or who blocked them (ADR 048). No likes or saves of the reader's are marked. */
export async function newestPosts(db: Db, viewerId: string | null, limit: number): Promise<PostView[]> {
  const rows = await selectPosts(db, null)
    .where(and(visible, inFeedsOf(viewerId, posts.userId)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  const now = new Date();
  return rows.map((row) => toPostView(row, null, now, null));
}

/**
 * Posts of the people the viewer follows, newest first: one range of feed_entries' primary key read backwards from
 * the cursor (ADR 023), each entry's post and stall looked up by key (the author is on the post, ADR 025), hidden
 * posts dropped. The entries were written when the posts were shared or the follows made, so the rows read follow
 * the page, not how many people are followed or how much everyone else posts. A post's entry carries its
 * created_at, so the cursor is the post's.
 */
async function followingPage(db: Db, viewer: { id: string }, near: LatLng | null, cursor?: string) {
  const after = readCursor("following", cursor);
  // The reader follows every author here: an unfollow deletes that author's entries in its own batch.
  const rows = await selectPosts(db, viewer, { authorsFollowed: true })
    .innerJoin(feedEntries, eq(feedEntries.postId, posts.id))
    .where(
      and(
        eq(feedEntries.followerId, viewer.id),
        visible,
        inFeedsOf(viewer.id, feedEntries.authorId),
        beforeCursor(feedEntries.createdAt, feedEntries.postId, after),
      ),
    )
    .orderBy(desc(feedEntries.createdAt), desc(feedEntries.postId))
    .limit(wanted);
  return firstPage(rows, viewer, near, "following", (row) => row.createdAt);
}

/** A page of the rows a list found in its order (one more than a page when there is a next one). */
async function pageOf(
  db: Db,
  viewer: Viewer,
  near: LatLng | null,
  list: string,
  found: { id: number; createdAt: number }[],
): Promise<PostPage> {
  const page = found.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  const rows = await postsInOrder(
    db,
    viewer,
    page.map((row) => row.id),
  );
  return toPage(
    rows,
    viewer,
    near,
    found.length > FEED_PAGE_SIZE && last ? pageCursor(list, last.createdAt, last.id) : null,
  );
}

/** Posts pinned to stalls within NEARBY_RADIUS_KM of `near`, newest first: one range of posts_visible_cell_idx a
 * row of grid cells around the point (newestPinnedNear), each answering its newest page beyond the cursor. */
async function nearbyPage(db: Db, viewer: Viewer, near: LatLng, cursor?: string): Promise<PostPage> {
  const after = readCursor("nearby", cursor);
  const found = await newestPinnedNear(db, near, NEARBY_RADIUS_KM, wanted, (inRange, withinRadius) =>
    db
      .select({ id: posts.id, createdAt: posts.createdAt, lat: stalls.latitude, lng: stalls.longitude })
      .from(posts)
      .innerJoin(stalls, eq(stalls.id, posts.stallId))
      .where(
        and(
          inRange(posts.gridCell),
          visible,
          inFeedsOf(viewer?.id ?? null, posts.userId),
          sql`${stalls.status} = 'approved'`,
          withinRadius,
          beforeCursor(posts.createdAt, posts.id, after),
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(wanted),
  );
  return pageOf(db, viewer, near, "nearby", found);
}

/** A person's posts, newest first through posts_user_created_idx; their own hidden ones only to themselves, none
 * between people blocked either way. */
export async function listPostsBy(
  db: Db,
  viewer: Viewer,
  authorId: string,
  cursor?: string,
): Promise<PostPage> {
  const after = readCursor("by", cursor);
  const own = viewer?.id === authorId;
  const rows = await selectPosts(db, viewer)
    .where(
      and(
        eq(posts.userId, authorId),
        own ? undefined : visible,
        unblocked(viewer?.id ?? null, posts.userId),
        beforeCursor(posts.createdAt, posts.id, after),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(wanted);
  return firstPage(rows, viewer, null, "by", (row) => row.createdAt);
}

/** The posts a person saved, most recently saved first (post_saves_user_created_idx); hidden ones and those of
 * people blocked either way drop out. */
export async function listSavedPosts(db: Db, userId: string, cursor?: string): Promise<PostPage> {
  const after = readCursor("saved", cursor);
  const found = await db
    .select({ id: postSaves.postId, savedAt: postSaves.createdAt })
    .from(postSaves)
    .innerJoin(posts, eq(posts.id, postSaves.postId))
    .where(
      and(
        eq(postSaves.userId, userId),
        visible,
        unblocked(userId, posts.userId),
        beforeCursor(postSaves.createdAt, postSaves.postId, after),
      ),
    )
    .orderBy(desc(postSaves.createdAt), desc(postSaves.postId))
    .limit(wanted);
  return pageOf(
    db,
    { id: userId },
    null,
    "saved",
    found.map((row) => ({ id: row.id, createdAt: row.savedAt })),
  );
}
