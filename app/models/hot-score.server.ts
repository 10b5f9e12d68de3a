// The scheduled hot-score job (ADR 022): For You's posts.hot_score and reels.hot_score, and Home's
// stalls.trending_score, recomputed every hour so that reading any of them is an index range, never a formula per row.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { posts, reels, stalls } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import {
  enteredTop,
  HOT_TOP_SIZE,
  HOT_WINDOW_DAYS,
  hotScore,
  stallTrendingScore,
  TRENDING_THIS_WEEK_SIZE,
  TRENDING_WINDOW_DAYS,
} from "~/lib/rules/hot-score";
import { notice, refreshUnreadCounts } from "./notification/notification.server";
import { DAY_MS } from "./rate-limit.server";

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
  /** Notices written that a stall or post entered a top list. */
  told: number;
}

/** A subject enters a top list again and again as scores move; its author hears of it once in this long. */
const TRENDING_REPEAT_DAYS = 7;

/**
 * Recomputes the hot score of every visible post of the last HOT_WINDOW_DAYS, sets the score of posts that aged
 * out of the window to 0 (once: the hot index holds only posts above 0), and recomputes every approved stall's
 * trending score from the last TRENDING_WINDOW_DAYS of engagement. Two reads, then one batch of writes that
 * touches only rows whose value changes: a stall's write moves the public content version on (migration 0007),
 * so an unchanged stall is left alone and the edge cache keeps its pages. Running it twice changes nothing more.
 * A stall that enters Home's Trending This Week, or a post that enters the top of For You, tells its submitter or
 * author in the same batch (once per TRENDING_REPEAT_DAYS), whose bell counts are then refreshed in `kv`.
 */
export async function refreshHotScores(db: Db, kv: KVNamespace, now = Date.now()): Promise<HotScoreRefresh> {
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
  const postsBefore = new Map<number, number>();
  const postsAfter = new Map<number, number>();
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
    postsBefore.set(row.id as number, row.hot_score ?? 0);
    postsAfter.set(row.id as number, score);
    if (score !== row.hot_score) postScores.push([row.id as number, score]);
  }

  const before = new Map((trending?.results ?? []).map((row) => [row.id as number, row.trending_score ?? 0]));
  const stallsBefore = new Map(before);
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
  const stallsAfter = new Map([...stallsBefore, ...stallScores]);

  const news = await trendingNews(
    db,
    enteredTop(postsBefore, postsAfter, HOT_TOP_SIZE),
    enteredTop(stallsBefore, stallsAfter, TRENDING_THIS_WEEK_SIZE),
    now,
  );
  // One batch (one transaction): the scores and the notices of what they put in a top list commit together.
  const writes: BatchItem<"sqlite">[] = [
    ...chunks(postScores).map((part) =>
      db
        .update(posts)
        .set({ hotScore: sql`j.value ->> '$[1]'` })
        .from(sql`json_each(${JSON.stringify(part)}) AS j`)
        .where(sql`${posts.id} = j.value ->> '$[0]'`),
    ),
    ...chunks(stallScores).map((part) =>
      db
        .update(stalls)
        .set({ trendingScore: sql`j.value ->> '$[1]'` })
        .from(sql`json_each(${JSON.stringify(part)}) AS j`)
        .where(sql`${stalls.id} = j.value ->> '$[0]'`),
    ),
    ...news.statements,
  ];
  const results: unknown[] =
    writes.length > 0 ? await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
  // A notice's insert writes nothing for a switched-off type or a deleted account: count what it wrote.
  const told = results
    .slice(writes.length - news.statements.length)
    .reduce<number>((sum, result) => sum + ((result as D1Result).meta?.changes ?? 0), 0);
  if (news.people.length > 0) await refreshUnreadCounts(db, kv, news.people);
  return { posts: postScores.length, stalls: stallScores.length, told };
}

/**
 * The notices for posts and stalls that entered a top list, in their author's or submitter's language, leaving out
 * those told about the same subject in the last TRENDING_REPEAT_DAYS (one read of at most HOT_TOP_SIZE +
 * TRENDING_THIS_WEEK_SIZE rows, each check a notifications_user_type_subject_idx lookup).
 */
async function trendingNews(
  db: Db,
  postIds: number[],
  stallIds: number[],
  now: number,
): Promise<{ statements: BatchItem<"sqlite">[]; people: string[] }> {
  if (postIds.length === 0 && stallIds.length === 0) return { statements: [], people: [] };
  const d1 = db.$client;
  const since = now - TRENDING_REPEAT_DAYS * DAY_MS;
  const toldBefore = (subject: string, person: string) =>
    `EXISTS (SELECT 1 FROM notifications AS n WHERE n.user_id = ${person} AND n.type = 'trending'
       AND n.subject = ${subject} AND n.created_at > ?2)`;
  const [postRows, stallRows] = await d1.batch<{
    subject: string;
    link: string;
    name: string | null;
    user_id: string;
    language: string | null;
  }>([
    d1
      .prepare(
        `SELECT 'post:' || p.public_id AS subject, '/feed?post=' || p.public_id AS link, NULL AS name, p.user_id,
           pr.language
         FROM posts AS p LEFT JOIN profiles AS pr ON pr.user_id = p.user_id
         WHERE p.id IN (SELECT value FROM json_each(?1))
           AND NOT ${toldBefore("'post:' || p.public_id", "p.user_id")}`,
      )
      .bind(JSON.stringify(postIds), since),
    d1
      .prepare(
        `SELECT 'stall:' || s.id AS subject, '/stall/' || s.shop_unique_id AS link, s.name, s.created_by AS user_id,
           pr.language
         FROM stalls AS s LEFT JOIN profiles AS pr ON pr.user_id = s.created_by
         WHERE s.id IN (SELECT value FROM json_each(?1)) AND s.created_by IS NOT NULL
           AND NOT ${toldBefore("'stall:' || s.id", "s.created_by")}`,
      )
      .bind(JSON.stringify(stallIds), since),
  ]);
  const rows = [...(postRows?.results ?? []), ...(stallRows?.results ?? [])];
  const statements = rows.flatMap((row) => {
    const t = translatorFor(isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE);
    return notice(
      db,
      {
        userId: row.user_id,
        actorId: null,
        type: "trending",
        title:
          row.name === null
            ? t("Your post is trending this week")
            : t('Your stall "{name}" is trending this week', { name: row.name }),
        body:
          row.name === null
            ? t("It is among the top posts on For You.")
            : t("It is on Home's Trending This Week."),
        link: row.link,
        subject: row.subject,
      },
      now,
    );
  });
  return { statements, people: rows.map((row) => row.user_id) };
}

/**
 * The hot score of every approved reel of the last HOT_WINDOW_DAYS, by the posts' formula (a reel has likes and
 * saves, no comments), and 0 for approved reels that aged out of the window (once). Answers how many reels' scores
 * were written; running it twice writes nothing more. Reels have no created_at index of approved rows, so the
 * window's read walks the reels table; the reels_approved_hot_idx range finds the aged-out ones.
 */
export async function refreshReelHotScores(db: Db, now = Date.now()): Promise<number> {
  const since = now - HOT_WINDOW_DAYS * DAY_MS;
  const { results } = await db.$client
    .prepare(
      `SELECT id, like_count, save_count, created_at, hot_score FROM reels
       WHERE status = 'approved' AND created_at >= ?1
       UNION ALL
       SELECT id, 0, 0, created_at, hot_score FROM reels
       WHERE status = 'approved' AND hot_score > 0 AND created_at < ?1`,
    )
    .bind(since)
    .all<Record<string, number>>();
  const scores: [number, number][] = [];
  for (const row of results) {
    const score = hotScore(
      {
        likes: row.like_count ?? 0,
        comments: 0,
        saves: row.save_count ?? 0,
        createdAt: row.created_at ?? now,
      },
      now,
    );
    if (score !== row.hot_score) scores.push([row.id as number, score]);
  }
  const writes = chunks(scores).map((part) =>
    db
      .update(reels)
      .set({ hotScore: sql`j.value ->> '$[1]'` })
      .from(sql`json_each(${JSON.stringify(part)}) AS j`)
      .where(sql`${reels.id} = j.value ->> '$[0]'`),
  );
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return scores.length;
}

function chunks<T>(items: T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT)
    parts.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return parts;
}
