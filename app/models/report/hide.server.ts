// Hiding and restoring a post, a reel, a review or a trail: the same columns, the same once-only updates, the same 404 for what is
// gone, and the same rows for the Hidden tab.
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import type { posts, reels, reviews, trails } from "~/db/schema";
import type { ReportSubjectType } from "~/lib/schemas/moderation-fields";
import { ModelError } from "~/models/model-error";
import { recordDecision } from "./reports.server";
import type { Hideable, Logged } from "./subject.server";

/** db.batch of statements whose first comes from a list (the log's and the reports' statements). */
export const batchAll = (db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> =>
  db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

/** The tables whose rows are hidden from everyone but their author, who sees the reason. */
type HidingTable = typeof posts | typeof reels | typeof reviews | typeof trails;

/**
 * Hides the row of `table` that `where` finds, the subject `type`: the decision is recorded (its reports closed, the
 * log's entry naming it by `logged`) and `also(rowId)` (more reports to close) run first in the same batch. A
 * missing or already hidden row, or one another moderator hid meanwhile, is 404 with `notFound`. Answers its `name`
 * (a trail's title; nothing for a post), as the moderator is told what was hidden.
 */
export async function hideRowWhere(
  db: Db,
  table: HidingTable,
  where: SQL,
  hide: {
    type: "post" | "trail";
    logged: (key: string) => Logged;
    reason: string;
    moderatorId: string;
    now: number;
    notFound: string;
    /** What the moderator is told was hidden: a trail's title. */
    name?: typeof trails.title;
  },
  also: (rowId: number) => BatchItem<"sqlite">[] = () => [],
): Promise<{ name: string }> {
  const [row] = await db
    .select({ id: table.id, name: hide.name ?? sql<string>`''` })
    .from(table)
    .where(and(where, isNull(table.hiddenAt)))
    .limit(1);
  if (!row) throw new ModelError(404, hide.notFound);
  const key = String(row.id);
  const { type, logged, reason, moderatorId, now } = hide;
  const stillShown = sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${row.id} AND ${table.hiddenAt} IS NULL)`;
  const first = [
    ...recordDecision(
      db,
      { type, key, decision: "hide", moderatorId, logged: logged(key), reason, when: stillShown },
      now,
    ),
    ...also(row.id),
  ];
  const results = await batchAll(db, [
    ...first,
    db
      .update(table)
      .set({ hiddenAt: hide.now, hiddenReason: hide.reason, hiddenBy: hide.moderatorId })
      .where(and(eq(table.id, row.id), isNull(table.hiddenAt)))
      .returning({ id: table.id }),
  ]);
  if ((results[first.length] as unknown[]).length === 0) throw new ModelError(404, hide.notFound);
  return { name: row.name };
}

/** A hidden row as its author's notice names it: `ref` is read from the row (its public id), `subjectOf` the notice's
 * subject (`<type>:<ref>` unless said), `linkOf` the page it links to; `also` follows a hide or a restore in its batch
 * (a review's stall rating). */
export interface HiddenRowPage {
  ref: SQLiteColumn | SQL<string>;
  subjectOf?: (rowId: number, ref: string) => string;
  linkOf: (ref: string) => string;
  also?: (db: Db, rowId: number) => BatchItem<"sqlite">[];
}

/**
 * How the Hidden tab lists and restores the hidden rows of `table`, the subjects of `type`, and how reports hide one
 * pending review: `matches(q)` is the search's condition after an AND (empty without a search), `page` how the row's
 * notice names it, `name` as hideRowWhere has it.
 */
export function hiddenRowsOf(
  type: ReportSubjectType,
  table: HidingTable,
  matches: (q: string) => SQL,
  notFound: string,
  page: HiddenRowPage,
  name: typeof trails.title | SQL<string> = sql<string>`''`,
): Hideable {
  const { ref } = page;
  const also = page.also ?? (() => []);
  return {
    async hideForReview(db, key, reason, now) {
      const [row] = await db
        .select({ ref })
        .from(table)
        .where(eq(table.id, Number(key)))
        .limit(1);
      if (!row) return null;
      const at = String(row.ref);
      const hide = db
        .update(table)
        .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: null })
        .where(and(eq(table.id, Number(key)), isNull(table.hiddenAt)));
      return {
        hide,
        also: also(db, Number(key)),
        link: page.linkOf(at),
        subject: page.subjectOf?.(Number(key), at) ?? `${type}:${at}`,
      };
    },
    hidden: (q) => sql`SELECT ${type} AS type, CAST(${table.id} AS TEXT) AS key, ${table.hiddenAt} AS at,
        ${table.id} AS id, ${table.hiddenReason} AS reason FROM ${table}
        WHERE ${table.hiddenAt} IS NOT NULL ${matches(q)}`,
    isHidden: (key) =>
      sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${Number(key)} AND ${table.hiddenAt} IS NOT NULL)`,
    async restore(db, key, before) {
      const results = await batchAll(db, [
        ...before,
        db
          .update(table)
          .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
          .where(and(eq(table.id, Number(key)), isNotNull(table.hiddenAt)))
          .returning({ name }),
        ...also(db, Number(key)),
      ]);
      const [restored] = results[before.length] as { name: string }[];
      if (!restored) throw new ModelError(404, notFound);
      return { name: restored.name };
    },
  };
}
