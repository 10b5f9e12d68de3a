import { drizzle } from "drizzle-orm/d1";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * A drizzle handle over D1: the request's session (ADR 014) or the binding itself (scheduled jobs, tests); made
 * per request, never kept between requests.
 */
export function getDb(d1: D1Database | D1DatabaseSession) {
  // The driver's types ask for a D1Database, but it calls only prepare() and batch(), which a session has too.
  return drizzle(d1 as D1Database, { schema });
}

export type Db = ReturnType<typeof getDb>;

/** Any async SQLite drizzle handle over this schema: D1 in the app, a statement recorder in scripts/seed.ts. */
// biome-ignore lint/suspicious/noExplicitAny: the driver's run-result type differs per driver and is unused here.
export type AnyDb = BaseSQLiteDatabase<"async", any, typeof schema>;

/** A real read of the stalls table: proves the binding, the schema and the migrations are all in place. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.select({ id: schema.stalls.id }).from(schema.stalls).limit(1);
}
