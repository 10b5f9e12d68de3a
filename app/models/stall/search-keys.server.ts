import { eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stalls } from "~/db/schema";
import { searchKeys } from "~/lib/rules/normalise";

// Stalls are indexed by their loose Roman keys (ADR 018). A stall written before migration 0008, or whose text
// changed without its keys (the stalls_search_keys_stale trigger then clears them), is searched by its plain
// text until this writes them again; the hourly scheduled job calls it (2,000 stalls a run, 200 a batch, so a
// run stays far inside a Worker's limits and 100,000 old stalls are keyed within two days).
const BATCH = 200;
const BATCHES_PER_RUN = 10;

/** Writes the keys of stalls that have none, up to `batches` batches; answers how many it wrote. */
export async function fillMissingSearchKeys(db: Db, batches = BATCHES_PER_RUN): Promise<number> {
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
    .where(isNull(stalls.searchKeys))
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
