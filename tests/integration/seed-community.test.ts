import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { translatorFor } from "~/lib/i18n/translator.server";
import { mentionedUsernames } from "~/lib/rules/post-text";
import { commentSchema, postSchema } from "~/lib/schemas/community";
import { listNotifications } from "~/models/notification/notification.server";
import { newUserStatements } from "~/models/user.server";
import {
  embeddedStalls,
  SEED_ACCOUNTS,
  SEED_POSTS,
  SEED_REVIEWERS,
  SEED_STILL_HERE,
  type SeedPerson,
} from "../../scripts/seed-data";
import { EVERYONE, postedAt, seedInboxStatements } from "../../scripts/seed-notifications";
import { createStall } from "../factories";

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

describe("the seeded people", () => {
  it("joined months ago, on their own profile as on their public page", async () => {
    const db = getDb(env.DB);
    const joined = Date.now() - 180 * 24 * 60 * 60 * 1000;
    const { id, statements } = newUserStatements(db, {
      email: "months-ago@example.com",
      passwordHash: null,
      fullName: "Months Ago",
      emailVerifiedAt: joined,
      createdAt: joined,
    });
    await db.batch(statements);
    const row = await env.DB.prepare(
      "SELECT users.created_at AS account, profiles.created_at AS profile FROM users JOIN profiles ON profiles.user_id = users.id WHERE users.id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ account: joined, profile: joined });
  });
});

describe("the seeded inboxes", () => {
  it("give the main demo account grouped likes and follows, some read and some unread", async () => {
    const db = getDb(env.DB);
    const ids = new Map<SeedPerson, string>();
    for (const person of [...SEED_ACCOUNTS, ...SEED_REVIEWERS]) {
      const { id, statements } = newUserStatements(db, {
        email: person.email,
        passwordHash: null,
        fullName: person.fullName,
        username: person.username,
        emailVerifiedAt: Date.now(),
      });
      await db.batch(statements);
      ids.set(person.username, id);
    }
    expect([...ids.keys()]).toEqual(EVERYONE);
    const now = Date.now();
    const postIds = SEED_POSTS.map((_, index) => `seedpost${index}`);
    for (const [index, post] of SEED_POSTS.entries())
      await env.DB.prepare(
        "INSERT INTO posts (public_id, user_id, type, body, created_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(postIds[index], ids.get(post.by), post.type, post.text, postedAt(post, now))
        .run();
    const stall = await createStall(env, { name: "Seeded First Stall" });
    const statements = seedInboxStatements(db, {
      ids,
      postIds,
      firstStall: { shopUniqueId: stall.shopUniqueId, name: stall.name },
      now,
    });
    for (let i = 0; i < statements.length; i += 50) {
      const [first, ...rest] = statements.slice(i, i + 50);
      if (first) await db.batch([first, ...rest]);
    }

    const asha = ids.get(SEED_ACCOUNTS[0].username) as string;
    const items = [];
    let cursor: string | undefined;
    do {
      const page = await listNotifications(db, asha, { tab: "all", cursor }, translatorFor("en"));
      items.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const grouped = items.filter((item) => item.others > 0);
    expect(
      grouped.some((item) => item.type === "like" && / and \d+ others liked your post$/.test(item.text)),
    ).toBe(true);
    expect(grouped.some((item) => item.type === "follow")).toBe(true);
    expect(items.some((item) => !item.read)).toBe(true);
    expect(items.some((item) => item.read)).toBe(true);
    expect(new Set(items.map((item) => item.type))).toEqual(
      new Set(["like", "follow", "comment", "stall_update", "achievement"]),
    );
    expect(items.find((item) => item.type === "stall_update")).toMatchObject({
      href: `/stall/${stall.shopUniqueId}`,
      subject: { kind: "stall", removed: false, preview: "Seeded First Stall" },
    });
  });
});
