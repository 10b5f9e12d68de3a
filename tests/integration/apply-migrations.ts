import { applyD1Migrations, env } from "cloudflare:test";

// Before each test file. The files share one workerd (vitest's `isolate: false`, so the app's modules load once
// rather than once per file), and with it one D1, KV and R2: each file starts from the storage a fresh database
// has, the migrations' own rows (dish aliases, the content version) included, as it would on its own.

type Rows = Record<string, unknown>[];
const FRESH = Symbol.for("nukkad.tests.freshDatabase");
const shared = globalThis as { [FRESH]?: Map<string, Rows> };

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if (shared[FRESH]) await restoreFreshStorage(shared[FRESH]);
else shared[FRESH] = await readRows(await tablesToReset());

/** The app's tables, a full-text index's shadow tables left out: they follow their index. */
async function tablesToReset(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string; sql: string | null }>();
  const indexes = results.filter((table) => table.sql?.startsWith("CREATE VIRTUAL TABLE")).map((t) => t.name);
  return results
    .map((table) => table.name)
    .filter((name) => !indexes.some((index) => name !== index && name.startsWith(`${index}_`)));
}

async function readRows(tables: string[]): Promise<Map<string, Rows>> {
  const rows = new Map<string, Rows>();
  for (const table of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>();
    if (results.length > 0) rows.set(table, results);
  }
  return rows;
}

async function restoreFreshStorage(fresh: Map<string, Rows>) {
  const tables = await tablesToReset();
  const inserts = [...fresh].flatMap(([table, rows]) =>
    rows.map((row) => {
      const columns = Object.keys(row);
      return env.DB.prepare(
        `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ).bind(...columns.map((column) => row[column] ?? null));
    }),
  );
  // An append-only table's guard refuses DELETE (the moderation log, ADR 047): it steps aside for the reset and comes
  // back in the same transaction.
  const { results: guards } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE%RAISE(ABORT%'",
  ).all<{ name: string; sql: string }>();
  // One transaction, foreign keys checked at its end, so the order of the deletes and inserts does not matter.
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
    ...guards.map((guard) => env.DB.prepare(`DROP TRIGGER "${guard.name}"`)),
    ...tables.map((table) => env.DB.prepare(`DELETE FROM "${table}"`)),
    ...guards.map((guard) => env.DB.prepare(guard.sql)),
    env.DB.prepare("DELETE FROM sqlite_sequence"),
    ...inserts,
  ]);
  for (let page = await env.KV.list(); ; page = await env.KV.list({ cursor: page.cursor })) {
    await Promise.all(page.keys.map((key) => env.KV.delete(key.name)));
    if (page.list_complete) break;
  }
  for (let page = await env.PHOTOS.list(); ; page = await env.PHOTOS.list({ cursor: page.cursor })) {
    if (page.objects.length > 0) await env.PHOTOS.delete(page.objects.map((object) => object.key));
    if (!page.truncated) break;
  }
}
