import {
  type AnySQLiteColumn,
  primaryKey,
  type SQLiteColumnBuilderBase,
  type SQLiteTableExtraConfigValue,
  sqliteTable,
} from "drizzle-orm/sqlite-core";
import { userRef } from "./accounts";
import { createdAt } from "./columns";

/**
 * A table of people's marks on one kind of thing (its likes, its saves): one row per thing and person, keyed by
 * both, gone with the person (and with the thing, through `ref`, the column of the thing's row id named `thing`).
 * `indexes` are the table's reading paths.
 */
export function marksTable<Thing extends string, Ref extends SQLiteColumnBuilderBase>(
  name: string,
  thing: Thing,
  ref: () => Ref,
  indexes: (t: Record<Thing | "userId" | "createdAt", AnySQLiteColumn>) => SQLiteTableExtraConfigValue[],
) {
  const thingColumn = { [thing]: ref() } as Record<Thing, Ref>;
  return sqliteTable(name, { ...thingColumn, userId: userRef(), createdAt: createdAt() }, (t) => [
    primaryKey({ columns: [t[thing], t.userId] }),
    ...indexes(t),
  ]);
}
