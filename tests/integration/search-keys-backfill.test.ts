import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { SEARCH_KEYS_VERSION } from "~/lib/rules/normalise";
import { searchStalls } from "~/models/search.server";
import { fillStaleSearchKeys } from "~/models/stall/stall.server";
import { runScheduledJobs } from "../../workers/scheduled";
import { createStall } from "../factories";

// Stalls without loose keys (written before migration 0008, or edited without them) are searched by their plain
// text, and stalls keyed by older folds by those; the scheduled job writes their keys, and then every spelling
// finds them (ADRs 018, 036).
describe("the search keys a stall lacks", () => {
  it("are written by the scheduled job, and then the Devanagari query finds the stall", async () => {
    const db = getDb(env.DB);
    const stall = await createStall(env, {
      name: "Backfill Golgappe Corner",
      menu: [{ item: "Golgappe", price: 40, description: "" }],
    });
    // As a stall from before the keys existed.
    await db.update(stalls).set({ searchKeys: null }).where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    const before = await searchStalls(db, "गोलगप्पे", { limit: 20 });
    expect(JSON.stringify(before)).not.toContain("Backfill Golgappe Corner");

    await runScheduledJobs(env);
    const [row] = await db
      .select({ keys: stalls.searchKeys })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    expect(row?.keys?.name).toBeTruthy();
    const after = await searchStalls(db, "गोलगप्पे", { limit: 20 });
    expect(JSON.stringify(after)).toContain("Backfill Golgappe Corner");
  });

  it("goes through every stall without keys in batches, and writes nothing when none lack them", async () => {
    const db = getDb(env.DB);
    for (let i = 0; i < 5; i++) await createStall(env, { name: `Backfill Batch Stall ${i}` });
    await db.update(stalls).set({ searchKeys: null });
    const total = (await db.select({ id: stalls.id }).from(stalls)).length;
    expect(await fillStaleSearchKeys(db)).toBe(total);
    expect(await fillStaleSearchKeys(db)).toBe(0);
  });

  it("are rewritten when older folds wrote them, and then a dropped h finds the stall (ADR 036)", async () => {
    const db = getDb(env.DB);
    const stall = await createStall(env, {
      name: "Refold Bhurji Cart",
      menu: [{ item: "Egg Bhurji", price: 60, description: "" }],
    });
    // The keys the folds of version 1 wrote: no version, and bh kept.
    await db
      .update(stalls)
      .set({ searchKeys: { name: "refold bhurji kart", tags: "strit fud", menu: "egg bhurji", body: "" } })
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    const before = await searchStalls(db, "burji", { limit: 20 });
    expect(JSON.stringify(before)).not.toContain("Refold Bhurji Cart");

    await runScheduledJobs(env);
    const [row] = await db
      .select({ keys: stalls.searchKeys })
      .from(stalls)
      .where(eq(stalls.shopUniqueId, stall.shopUniqueId));
    expect(row?.keys).toMatchObject({ name: "refold burji kart", version: SEARCH_KEYS_VERSION });
    const after = await searchStalls(db, "burji", { limit: 20 });
    expect(JSON.stringify(after)).toContain("Refold Bhurji Cart");
    // Keys of the current version are left alone.
    expect(await fillStaleSearchKeys(db)).toBe(0);
  });
});
