import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

// Timestamps are Unix milliseconds: one number type everywhere, sortable, and cheap to compare in SQL.
export const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** The allowed values of a column, as the SQL list its check compares with; they are the app's own constants
 * (the lists its types come from), so they go into the SQL as written. */
export const oneOf = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(", ")})`);

export const rowId = () => integer("id").primaryKey({ autoIncrement: true });
