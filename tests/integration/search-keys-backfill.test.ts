import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { searchStalls } from "~/models/search.server";
import { fillMissingSearchKeys } from "~/models/stall/search-keys.server";
import { runScheduledJobs } from "../../workers/scheduled";
import { createStall } from "../factories";

// Stalls without loose keys (written before migration 0008, or edited without them) are searched by their plain
// text; the scheduled job writes their keys, and then every spelling finds them (ADR 018).
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
    expect(await fillMissingSearchKeys(db)).toBe(total);
    expect(await fillMissingSearchKeys(db)).toBe(0);
  });
});
