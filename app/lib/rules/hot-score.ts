// For You's rank of a post and Home's trending rank of a stall (ADR 022). The scheduled job writes both into
// indexed columns every hour, so reading the feed or Home never computes them per row.

const HOUR_MS = 3_600_000;

/**
 * What each kind of engagement is worth to a post. A comment or a save asks more of the reader than a tap on the
 * heart, and a save says "I mean to go there", the strongest signal a food post gets.
 */
export const HOT_WEIGHTS = { like: 1, comment: 2, save: 3 } as const;
/** Added to the weighted engagement before its logarithm, as Lemmy does, so a new post without any ranks above 0. */
export const HOT_BASE = 3;
/** Lemmy's gravity: how fast age wins over engagement. */
export const HOT_GRAVITY = 1.8;
/** Hours added to the age, so a post of a minute ago has a finite score (Lemmy's +2). */
export const HOT_AGE_OFFSET_HOURS = 2;
/** Keeps the figures readable (a new post without engagement scores about 1,370). */
export const HOT_SCALE = 10_000;
/**
 * Past this age a post's score is 0 and the job stops recomputing it. At 7 days the formula is already below 3 even
 * for a post with 1,000 likes, against hundreds for a new post, so cutting it to 0 changes no order that matters and
 * bounds the job to a week of posts.
 */
export const HOT_WINDOW_DAYS = 7;

export interface PostEngagement {
  likes: number;
  comments: number;
  saves: number;
  /** Milliseconds since the epoch, as posts.created_at holds it. */
  createdAt: number;
}

/**
 * HOT_SCALE x log10(HOT_BASE + likes + 2 comments + 3 saves) / (age in hours + 2)^1.8, and 0 past HOT_WINDOW_DAYS.
 * Grows with each kind of engagement, falls with age; a post dated in the future (clock skew) counts as new.
 */
export function hotScore({ likes, comments, saves, createdAt }: PostEngagement, now: number): number {
  const ageHours = Math.max(0, now - createdAt) / HOUR_MS;
  if (ageHours > HOT_WINDOW_DAYS * 24) return 0;
  const engagement =
    HOT_WEIGHTS.like * Math.max(0, likes) +
    HOT_WEIGHTS.comment * Math.max(0, comments) +
    HOT_WEIGHTS.save * Math.max(0, saves);
  return (HOT_SCALE * Math.log10(HOT_BASE + engagement)) / (ageHours + HOT_AGE_OFFSET_HOURS) ** HOT_GRAVITY;
}

/** Days of engagement a stall's trending score counts: Home's "Trending This Week". */
export const TRENDING_WINDOW_DAYS = 7;

/**
 * What each kind of engagement with a stall in the window is worth. A review or a post pinned to the stall is
 * someone who went and wrote about it; a bookmark is someone who means to go; a like (on one of those posts or
 * reviews) is a reader agreeing.
 */
export const TRENDING_WEIGHTS = { bookmark: 2, review: 3, post: 3, like: 1 } as const;

export interface StallEngagement {
  bookmarks: number;
  reviews: number;
  posts: number;
  likes: number;
}

/** The weighted sum of a stall's engagement in the last TRENDING_WINDOW_DAYS; 0 (not trending) without any. */
export function stallTrendingScore({ bookmarks, reviews, posts, likes }: StallEngagement): number {
  return (
    TRENDING_WEIGHTS.bookmark * Math.max(0, bookmarks) +
    TRENDING_WEIGHTS.review * Math.max(0, reviews) +
    TRENDING_WEIGHTS.post * Math.max(0, posts) +
    TRENDING_WEIGHTS.like * Math.max(0, likes)
  );
}

/** How many stalls Home's "Trending This Week" shows; a stall that enters them tells its submitter (issue 20). */
export const TRENDING_THIS_WEEK_SIZE = 6;

/** The top of For You's hot list; a post that enters it tells its author (issue 20). */
export const HOT_TOP_SIZE = 10;

/**
 * The ids that are in the top `size` after a refresh and were not before, ranked as the lists read them: score
 * descending, then id descending; a score of 0 is never in a top list.
 */
export function enteredTop(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
  size: number,
): number[] {
  const top = (scores: ReadonlyMap<number, number>) =>
    [...scores]
      .filter(([, score]) => score > 0)
      .sort(([idA, a], [idB, b]) => b - a || idB - idA)
      .slice(0, size)
      .map(([id]) => id);
  const was = new Set(top(before));
  return top(after).filter((id) => !was.has(id));
}
