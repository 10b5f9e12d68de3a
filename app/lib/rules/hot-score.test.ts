import { describe, expect, it } from "vitest";
import {
  enteredTop,
  HOT_AGE_OFFSET_HOURS,
  HOT_BASE,
  HOT_GRAVITY,
  HOT_SCALE,
  HOT_WINDOW_DAYS,
  hotScore,
  stallTrendingScore,
  TRENDING_WEIGHTS,
} from "~/lib/rules/hot-score";

const NOW = Date.UTC(2026, 10, 25, 12);
const HOUR = 3_600_000;
const post = (overrides: Partial<Parameters<typeof hotScore>[0]> = {}) => ({
  likes: 0,
  comments: 0,
  saves: 0,
  createdAt: NOW,
  ...overrides,
});

describe("hotScore", () => {
  it("follows the documented formula", () => {
    const score = hotScore(post({ likes: 4, comments: 1, saves: 1, createdAt: NOW - 10 * HOUR }), NOW);
    const expected =
      (HOT_SCALE * Math.log10(HOT_BASE + 4 + 2 + 3)) / (10 + HOT_AGE_OFFSET_HOURS) ** HOT_GRAVITY;
    expect(score).toBeCloseTo(expected, 9);
  });

  it("is finite and above 0 for a post made this instant, even without engagement", () => {
    const score = hotScore(post(), NOW);
    expect(Number.isFinite(score)).toBe(true);
    expect(score).toBeGreaterThan(0);
    expect(Math.round(score)).toBe(1370);
  });

  it("treats a post dated in the future as new instead of ranking it above everything", () => {
    expect(hotScore(post({ createdAt: NOW + 5 * HOUR }), NOW)).toBe(hotScore(post(), NOW));
  });

  it("grows with each kind of engagement", () => {
    const base = hotScore(post({ createdAt: NOW - 3 * HOUR }), NOW);
    for (const more of [{ likes: 1 }, { comments: 1 }, { saves: 1 }]) {
      expect(hotScore(post({ createdAt: NOW - 3 * HOUR, ...more }), NOW)).toBeGreaterThan(base);
    }
    const many = hotScore(post({ likes: 50, createdAt: NOW - 3 * HOUR }), NOW);
    expect(hotScore(post({ likes: 51, createdAt: NOW - 3 * HOUR }), NOW)).toBeGreaterThan(many);
  });

  it("weighs a save above a comment above a like", () => {
    const at = NOW - HOUR;
    const like = hotScore(post({ likes: 1, createdAt: at }), NOW);
    const comment = hotScore(post({ comments: 1, createdAt: at }), NOW);
    const save = hotScore(post({ saves: 1, createdAt: at }), NOW);
    expect(comment).toBeGreaterThan(like);
    expect(save).toBeGreaterThan(comment);
  });

  it("decays with age, so a fresh post overtakes yesterday's popular one", () => {
    const scores = [0, 1, 6, 24, 72, 160].map((hours) =>
      hotScore(post({ likes: 10, createdAt: NOW - hours * HOUR }), NOW),
    );
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1] ?? 0);
    const yesterdaysHit = hotScore(post({ likes: 40, comments: 10, createdAt: NOW - 24 * HOUR }), NOW);
    expect(hotScore(post({ createdAt: NOW - HOUR }), NOW)).toBeGreaterThan(yesterdaysHit);
  });

  it("is 0 past the window, where the formula is already negligible", () => {
    const lastHour = NOW - (HOT_WINDOW_DAYS * 24 - 1) * HOUR;
    expect(hotScore(post({ likes: 1000, createdAt: lastHour }), NOW)).toBeLessThan(3);
    expect(hotScore(post({ likes: 1000, createdAt: NOW - (HOT_WINDOW_DAYS * 24 + 1) * HOUR }), NOW)).toBe(0);
  });
});

describe("stallTrendingScore", () => {
  it("is 0 without engagement", () => {
    expect(stallTrendingScore({ bookmarks: 0, reviews: 0, posts: 0, likes: 0 })).toBe(0);
  });

  it("is the weighted sum of the week's engagement", () => {
    expect(stallTrendingScore({ bookmarks: 2, reviews: 1, posts: 3, likes: 5 })).toBe(
      2 * TRENDING_WEIGHTS.bookmark + TRENDING_WEIGHTS.review + 3 * TRENDING_WEIGHTS.post + 5,
    );
  });

  it("grows with each kind of engagement", () => {
    const none = { bookmarks: 0, reviews: 0, posts: 0, likes: 0 };
    for (const kind of ["bookmarks", "reviews", "posts", "likes"] as const) {
      expect(stallTrendingScore({ ...none, [kind]: 1 })).toBeGreaterThan(0);
    }
  });
});

describe("enteredTop", () => {
  const scores = (pairs: [number, number][]) => new Map(pairs);

  it("names the ids in the new top that were not in the old one, in the list's order", () => {
    const before = scores([
      [1, 50],
      [2, 40],
      [3, 30],
      [4, 20],
    ]);
    const after = scores([
      [1, 50],
      [2, 10],
      [3, 30],
      [4, 45],
    ]);
    expect(enteredTop(before, after, 3)).toEqual([4]);
  });

  it("ranks equal scores by the higher id, as the indexes read them", () => {
    expect(
      enteredTop(
        scores([]),
        scores([
          [7, 5],
          [9, 5],
          [8, 5],
        ]),
        2,
      ),
    ).toEqual([9, 8]);
    expect(
      enteredTop(
        scores([
          [9, 5],
          [8, 5],
        ]),
        scores([
          [7, 5],
          [9, 5],
          [8, 5],
        ]),
        2,
      ),
    ).toEqual([]);
  });

  it("never counts a score of 0, and a second refresh with the same scores names nobody", () => {
    expect(
      enteredTop(
        scores([]),
        scores([
          [1, 0],
          [2, 3],
        ]),
        6,
      ),
    ).toEqual([2]);
    const same = scores([
      [1, 4],
      [2, 3],
    ]);
    expect(enteredTop(same, same, 6)).toEqual([]);
  });
});
