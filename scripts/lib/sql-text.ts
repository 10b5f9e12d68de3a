// Turns drizzle statements into plain SQL text, so seed data is built by the same model code as the app and
// then loaded with `wrangler d1 execute --file`.
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import type { AnyDb } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Drizzle's SQL uses only "?" placeholders, never a literal question mark, so each "?" is the next value. */
function inlineParams(query: string, params: unknown[]): string {
  let index = 0;
  return query.replace(/\?/g, () => literal(params[index++]));
}

/** A drizzle handle that only builds statements; executing through it is a mistake. */
export const statementBuilder = drizzle(
  async () => {
    throw new Error("statementBuilder builds SQL text only");
  },
  { schema },
) as unknown as AnyDb;

type Buildable = { toSQL(): { sql: string; params: unknown[] } };

export function toSqlText(statements: readonly BatchItem<"sqlite">[]): string[] {
  return statements.map((statement) => {
    const { sql, params } = (statement as unknown as Buildable).toSQL();
    return `${inlineParams(sql, params)};`;
  });
}
