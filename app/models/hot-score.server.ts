// The scheduled hot-score job (ADR 022): For You's posts.hot_score and Home's stalls.trending_score, recomputed
// every hour so that reading either is an index range, never a formula per row.
import type { Db } from "~/db/client.server";
import { HOT_WINDOW_DAYS, hotScore, stallTrendingScore, TRENDING_WINDOW_DAYS } from "~/lib/rules/hot-score";

const DAY_MS = 86_400_000;
/**
 * Rows written per statement. Each statement binds one JSON text of [id, score] pairs (D1 allows 100 bound
 * parameters, so the ids cannot be parameters each); 2,000 pairs keep that text near 50 KB.
 */
const ROWS_PER_STATEMENT = 2000;

export interface HotScoreRefresh {
  /** Posts whose hot_score was written (the week's posts, and older ones set to 0 once). */
  posts: number;
  /** Stalls whose trending_score changed, those that dropped out included. */
  stalls: number;
}

/**
 * Recomputes the hot score of every visible post of the last HOT_WINDOW_DAYS, sets the score of posts that aged
 * out of the window to 0 (once: the hot index holds only posts above 0), and recomputes every approved stall's
 * trending score from the last TRENDING_WINDOW_DAYS of engagement. Two reads, then one batch of writes that
 * touches only rows whose value changes: a stall's write moves the public content version on (migration 0007),
 * so an unchanged stall is left alone and the edge cache keeps its pages. Running it twice changes nothing more.
 */
export async function refreshHotScores(db: Db, now = Date.now()): Promise<HotScoreRefresh> {
  const d1 = db.$client;
  const postsSince = now - HOT_WINDOW_DAYS * DAY_MS;
  const engagementSince = now - TRENDING_WINDOW_DAYS * DAY_MS;
  const [recentPosts, engagement, trending] = await d1.batch<Record<string, number>>([
    // The posts_visible_created_idx range of the window, and the posts_visible_hot_idx range of posts above 0
    // that are older (scored by an earlier run, now past the window).
    d1
      .prepare(
        `SELECT id, like_count, comment_count, save_count, created_at, hot_score FROM posts
         WHERE hidden_at IS NULL AND created_at >= ?1
         UNION ALL
         SELECT id, 0, 0, 0, created_at, hot_score FROM posts
         WHERE hidden_at IS NULL AND hot_score > 0 AND created_at < ?1`,
      )
      .bind(postsSince),
    // The week's engagement per approved stall: bookmarks, reviews, visible posts pinned to it, and likes given
    // in the week to those posts (whatever their age) and to its reviews.
    d1
      .prepare(
        `SELECT e.stall_id,
           sum(e.kind = 'bookmark') AS bookmarks, sum(e.kind = 'review') AS reviews,
           sum(e.kind = 'post') AS posts, sum(e.kind = 'like') AS likes
         FROM (
           SELECT stall_id, 'bookmark' AS kind FROM favourites WHERE created_at >= ?1
           UNION ALL SELECT stall_id, 'review' FROM reviews WHERE created_at >= ?1
           UNION ALL SELECT stall_id, 'post' FROM posts
             WHERE hidden_at IS NULL AND created_at >= ?1 AND stall_id IS NOT NULL
           UNION ALL SELECT p.stall_id, 'like' FROM post_likes AS l JOIN posts AS p ON p.id = l.post_id
             WHERE l.created_at >= ?1 AND p.hidden_at IS NULL AND p.stall_id IS NOT NULL
           UNION ALL SELECT r.stall_id, 'like' FROM review_likes AS l JOIN reviews AS r ON r.id = l.review_id
             WHERE l.created_at >= ?1
         ) AS e
         JOIN stalls AS s ON s.id = e.stall_id AND s.status = 'approved'
         GROUP BY e.stall_id`,
      )
      .bind(engagementSince),
    // Stalls trending now: the stalls_approved_trending_idx partial index, nothing else.
    d1.prepare("SELECT id, trending_score FROM stalls WHERE status = 'approved' AND trending_score > 0"),
  ]);

  const postScores: [number, number][] = [];
  for (const row of recentPosts?.results ?? []) {
    const score = hotScore(
      {
        likes: row.like_count ?? 0,
        comments: row.comment_count ?? 0,
        saves: row.save_count ?? 0,
        createdAt: row.created_at ?? now,
      },
      now,
    );
    if (score !== row.hot_score) postScores.push([row.id as number, score]);
  }

  const before = new Map((trending?.results ?? []).map((row) => [row.id as number, row.trending_score]));
  const stallScores: [number, number][] = [];
  for (const row of engagement?.results ?? []) {
    const id = row.stall_id as number;
    const score = stallTrendingScore({
      bookmarks: row.bookmarks ?? 0,
      reviews: row.reviews ?? 0,
      posts: row.posts ?? 0,
      likes: row.likes ?? 0,
    });
    if (score !== (before.get(id) ?? 0)) stallScores.push([id, score]);
    before.delete(id);
  }
  // What is left trended before and had no engagement this week.
  for (const id of before.keys()) stallScores.push([id, 0]);

  const writes = [
    ...chunks(postScores).map((part) =>
      d1
        .prepare(
          `UPDATE posts SET hot_score = j.value ->> '$[1]'
           FROM json_each(?1) AS j WHERE posts.id = j.value ->> '$[0]'`,
        )
        .bind(JSON.stringify(part)),
    ),
    ...chunks(stallScores).map((part) =>
      d1
        .prepare(
          `UPDATE stalls SET trending_score = j.value ->> '$[1]'
           FROM json_each(?1) AS j WHERE stalls.id = j.value ->> '$[0]'`,
        )
        .bind(JSON.stringify(part)),
    ),
  ];
  if (writes.length > 0) await d1.batch(writes);
  return { posts: postScores.length, stalls: stallScores.length };
}

function chunks<T>(items: T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT)
    parts.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return parts;
}
