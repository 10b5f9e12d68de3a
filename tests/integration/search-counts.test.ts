import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls, stallTags } from "~/db/schema";
import { readConfig } from "~/lib/http/config.server";
import { MENU_WORDS } from "~/lib/rules/search-query";
import { decideStall, deleteStall, type ModerationContext } from "~/models/moderation.server";
import { discoveryCategories, tagCounts } from "~/models/search.server";
import { type NewStall, newStallStatements } from "~/models/stall/stall.server";
import { embeddedStalls, syntheticStalls } from "../../scripts/seed-data";
import { createStall } from "../factories";

// The search page's tag, category and menu-word counts are kept by triggers with every write
// (migrations/0006_search_counts.sql); these tests write as the app does and read what the page shows.
const db = getDb(env.DB);
// Who decides: kept by id only, so no account is needed.
const MODERATOR_ID = "moderator-of-these-tests";
const ctx: ModerationContext = {
  db,
  config: readConfig(env),
  origin: "https://nukkad.test",
  photos: env.PHOTOS,
  kv: env.KV,
};

async function pageCounts() {
  const [tags, categories] = await Promise.all([tagCounts(db), discoveryCategories(db)]);
  return {
    tag: (name: string) => tags.find((t) => t.name === name)?.count ?? 0,
    category: (value: string) => categories.find((c) => c.value === value)?.count ?? 0,
    listed: tags.map((t) => t.name),
  };
}

async function stallId(shopUniqueId: string): Promise<number> {
  const [row] = await db.select({ id: stalls.id }).from(stalls).where(eq(stalls.shopUniqueId, shopUniqueId));
  if (!row) throw new Error(`no stall ${shopUniqueId}`);
  return row.id;
}

const counted = {
  tags: ["Counted Kulfi"],
  discoveryTags: ["late night eats"],
  menu: [{ item: "Samosa Burger", price: 60, description: "" }],
};

describe("search page counts", () => {
  it("count a pending stall once a moderator approves it", async () => {
    const before = await pageCounts();
    const stall = await createStall(env, { ...counted, status: "pending" });
    const pending = await pageCounts();
    expect(pending.listed).not.toContain("Counted Kulfi");
    expect(pending.category("late night eats")).toBe(before.category("late night eats"));

    await decideStall(ctx, stall.shopUniqueId, { approve: true, moderatorId: MODERATOR_ID });
    const after = await pageCounts();
    expect(after.tag("Counted Kulfi")).toBe(1);
    expect(after.category("late night eats")).toBe(before.category("late night eats") + 1);
    expect(after.tag("samosa")).toBe(before.tag("samosa") + 1);
    expect(after.tag("burger")).toBe(before.tag("burger") + 1);
  });

  it("leave a rejected stall out", async () => {
    const before = await pageCounts();
    const stall = await createStall(env, { ...counted, tags: ["Rejected Rabri"], status: "pending" });
    await decideStall(ctx, stall.shopUniqueId, {
      approve: false,
      reason: "Duplicate",
      moderatorId: MODERATOR_ID,
    });
    const after = await pageCounts();
    expect(after.listed).not.toContain("Rejected Rabri");
    expect(after.category("late night eats")).toBe(before.category("late night eats"));
    expect(after.tag("samosa")).toBe(before.tag("samosa"));
  });

  it("drop a removed stall", async () => {
    const before = await pageCounts();
    const stall = await createStall(env, { ...counted, tags: ["Removed Rasmalai"] });
    expect((await pageCounts()).tag("Removed Rasmalai")).toBe(1);

    await deleteStall(db, env.PHOTOS, await stallId(stall.shopUniqueId));
    const after = await pageCounts();
    expect(after.listed).not.toContain("Removed Rasmalai");
    expect(after.category("late night eats")).toBe(before.category("late night eats"));
    expect(after.tag("burger")).toBe(before.tag("burger"));
  });

  it("follow an approved stall's edited tags and menu", async () => {
    const stall = await createStall(env, { ...counted, tags: ["Edited Elaichi", "Kept Kesar"] });
    const id = await stallId(stall.shopUniqueId);
    const before = await pageCounts();

    await db.batch([
      db.delete(stallTags).where(sql`${stallTags.stallId} = ${id} AND ${stallTags.tag} = 'Edited Elaichi'`),
      db.insert(stallTags).values({ stallId: id, tag: "Added Adrak", position: 1 }),
      db
        .update(stallTags)
        .set({ tag: "Renamed Kesar" })
        .where(sql`${stallTags.stallId} = ${id} AND ${stallTags.tag} = 'Kept Kesar'`),
      db
        .update(stalls)
        .set({
          tags: ["Added Adrak", "Renamed Kesar"],
          menu: [{ item: "Masala Chai", price: 20, description: "" }],
        })
        .where(eq(stalls.id, id)),
    ]);
    const after = await pageCounts();
    expect(after.listed).not.toContain("Edited Elaichi");
    expect(after.listed).not.toContain("Kept Kesar");
    expect(after.tag("Added Adrak")).toBe(1);
    expect(after.tag("Renamed Kesar")).toBe(1);
    expect(after.tag("samosa")).toBe(before.tag("samosa") - 1);
    expect(after.tag("burger")).toBe(before.tag("burger") - 1);
  });

  it("equal a full recount over the seeded stalls after approvals, rejections and removals", async () => {
    const now = Date.now();
    const seed = embeddedStalls(now);
    const all: NewStall[] = [...seed.approved, ...seed.pending, ...syntheticStalls(300, 7, now)];
    const ids: string[] = [];
    for (let start = 0; start < all.length; start += 50) {
      const written = all.slice(start, start + 50).map((s) => newStallStatements(db, s));
      ids.push(...written.map((w) => w.shopUniqueId));
      const statements = written.flatMap((w) => w.statements);
      await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    }
    const pending = ids.slice(seed.approved.length, seed.approved.length + seed.pending.length);
    await decideStall(ctx, pending[0] as string, { approve: true, moderatorId: MODERATOR_ID });
    await decideStall(ctx, pending[1] as string, {
      approve: false,
      reason: "Closed down",
      moderatorId: MODERATOR_ID,
    });
    for (const gone of [ids[0], ids[5], pending[2]])
      await deleteStall(db, env.PHOTOS, await stallId(gone as string));

    const recountTags = await env.DB.prepare(
      `SELECT tag, count(*) AS n FROM stall_tags JOIN stalls ON stalls.id = stall_tags.stall_id
       WHERE stalls.status = 'approved' GROUP BY tag ORDER BY n DESC, tag`,
    ).all<{ tag: string; n: number }>();
    // 'trending now' is earned from the week's engagement (ADR 022), not stored: the stalls the hourly job scored.
    const recountCategories = await env.DB.prepare(
      `SELECT tag, count(*) AS n FROM stall_discovery_tags JOIN stalls ON stalls.id = stall_discovery_tags.stall_id
       WHERE stalls.status = 'approved' AND tag <> 'trending now' GROUP BY tag
       UNION ALL
       SELECT 'trending now', count(*) FROM stalls WHERE status = 'approved' AND trending_score > 0
       HAVING count(*) > 0`,
    ).all<{ tag: string; n: number }>();
    // Over the menus as stored: the search index holds their loose keys (ADR 018), not the words as written.
    const recountMenu = await env.DB.batch(
      MENU_WORDS.map((word) =>
        env.DB.prepare(
          `SELECT count(*) AS n FROM stalls WHERE status = 'approved' AND EXISTS (SELECT 1 FROM json_each(stalls.menu)
           WHERE json_extract(value, '$.item') || ' ' || coalesce(json_extract(value, '$.description'), '')
             LIKE '%' || ? || '%')`,
        ).bind(word),
      ),
    );
    expect(recountTags.results.length).toBeGreaterThan(10);

    const [tags, categories] = await Promise.all([tagCounts(db), discoveryCategories(db)]);
    const menuShops = new Map(
      MENU_WORDS.map((word, i) => [word, (recountMenu[i]?.results[0] as { n: number } | undefined)?.n ?? 0]),
    );
    const tagNames = new Set(recountTags.results.map((r) => r.tag.toLowerCase()));
    const expected = [
      ...recountTags.results.map((r) => ({ name: r.tag, count: r.n })),
      ...MENU_WORDS.filter((w) => (menuShops.get(w) ?? 0) > 0 && !tagNames.has(w)).map((w) => ({
        name: w as string,
        count: menuShops.get(w) ?? 0,
      })),
    ].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    expect(tags.map(({ name, count }) => ({ name, count }))).toEqual(expected);
    expect(Object.fromEntries(categories.filter((c) => c.count > 0).map((c) => [c.value, c.count]))).toEqual(
      Object.fromEntries(recountCategories.results.map((r) => [r.tag, r.n])),
    );
  });
});
