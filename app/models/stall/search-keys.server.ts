import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { SEARCH_KEYS_VERSION, searchKeys } from "~/lib/rules/normalise";

// Stalls are indexed by their loose Roman keys (ADR 018). A stall written before migration 0008, or whose text
// changed without its keys (the stalls_search_keys_stale trigger then clears them), is searched by its plain
// text until this writes them again; a stall keyed by older folds (an older SEARCH_KEYS_VERSION, ADR 036) is
// searched by those until this rewrites them. The hourly scheduled job calls it (2,000 stalls a run, 200 a
// batch, so a run stays far inside a Worker's limits and 100,000 stalls are keyed within two days).
const BATCH = 200;
const BATCHES_PER_RUN = 10;

/** Keys that are missing or were written by older folds (keys of version 1 carry no version). */
const staleKeys = sql`(${stalls.searchKeys} IS NULL
  OR json_extract(${stalls.searchKeys}, '$.version') IS NOT ${SEARCH_KEYS_VERSION})`;

/** Writes the keys of stalls that have none or stale ones, up to `batches` batches; answers how many it wrote. */
export async function fillStaleSearchKeys(db: Db, batches = BATCHES_PER_RUN): Promise<number> {
  let written = 0;
  for (let i = 0; i < batches; i++) {
    const filled = await fillBatch(db);
    written += filled;
    if (filled < BATCH) break;
  }
  return written;
}

async function fillBatch(db: Db): Promise<number> {
  const rows = await db
    .select({
      id: stalls.id,
      name: stalls.name,
      tags: stalls.tags,
      discoveryTags: stalls.discoveryTags,
      menu: stalls.menu,
      category: stalls.category,
      description: stalls.description,
      location: stalls.location,
    })
    .from(stalls)
    .where(staleKeys)
    .limit(BATCH);
  if (rows.length === 0) return 0;
  const updates = rows.map((row) =>
    db
      .update(stalls)
      .set({ searchKeys: searchKeys(row) })
      .where(eq(stalls.id, row.id)),
  );
  await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  return rows.length;
}
