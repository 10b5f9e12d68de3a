import { describe, expect, it } from "vitest";
import { mentionedUsernames } from "~/lib/rules/post-text";
import { commentSchema, postSchema } from "~/lib/schemas/community";
import {
  embeddedStalls,
  SEED_ACCOUNTS,
  SEED_POSTS,
  SEED_REVIEWERS,
  SEED_STILL_HERE,
} from "../../scripts/seed-data";

// The community a fresh install shows (scripts/seed.ts): what the app would have accepted from its people, about
// stalls the seed really has.
const people = new Set<string>([...SEED_ACCOUNTS, ...SEED_REVIEWERS].map((person) => person.username));
const { approved } = embeddedStalls(Date.now());
const stallsNamed = (name: string) => approved.filter((stall) => stall.name === name);

describe("the seeded community", () => {
  it("has 40+ posts of every type, in both cities, over the last ten days", () => {
    expect(SEED_POSTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SEED_POSTS.map((post) => post.type))).toEqual(new Set(["review", "discovery", "tip"]));
    const cities = SEED_POSTS.map((post) => stallsNamed(post.stall)[0]?.location.split(", ").at(-1));
    expect(new Set(cities)).toEqual(new Set(["Bangalore", "Delhi"]));
    for (const post of SEED_POSTS) {
      expect(post.hoursAgo).toBeGreaterThan(0);
      expect(post.hoursAgo).toBeLessThanOrEqual(240);
    }
  });

  it("pins each post and 'Still here?' answer to exactly one seeded stall", () => {
    for (const { stall } of [...SEED_POSTS, ...SEED_STILL_HERE])
      expect(stallsNamed(stall), stall).toHaveLength(1);
  });

  it("holds only what the composer and the comment box accept", () => {
    for (const post of SEED_POSTS) {
      expect(postSchema.safeParse({ type: post.type, text: post.text }).success, post.text).toBe(true);
      for (const comment of post.comments ?? []) {
        for (const { text } of [comment, ...(comment.replies ?? [])]) {
          expect(commentSchema.safeParse({ text }).success, text).toBe(true);
        }
      }
    }
  });

  it("is written by seeded people, who mention only seeded people and never themselves", () => {
    const mentions = SEED_POSTS.flatMap((post) => {
      expect(people.has(post.by)).toBe(true);
      const names = mentionedUsernames(post.text);
      expect(names).not.toContain(post.by);
      return names;
    });
    expect(mentions.length).toBeGreaterThanOrEqual(5);
    for (const name of mentions) expect(people.has(name), name).toBe(true);
  });

  it("asks for no more likes or saves than there are other people", () => {
    for (const post of SEED_POSTS) {
      expect(post.likes).toBeLessThanOrEqual(people.size - 1);
      expect(post.saves).toBeLessThanOrEqual(people.size - 1);
    }
    expect(
      SEED_POSTS.filter((post) => (post.comments ?? []).some((c) => c.replies?.length)).length,
    ).toBeGreaterThan(2);
  });
});
