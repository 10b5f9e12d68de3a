// Dish aliases (ADR 018): another name of a dish, one row per name. Moderators keep the list; search, suggestions
// and "Did you mean" read it through a copy kept in memory, so a search costs no extra round trip to D1.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dishAliases, labelNames } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { type AliasIndex, aliasIndex, type DishAlias } from "~/lib/rules/alias";
import { type LabelNames, labelKey } from "~/lib/rules/label";
import { looseKey } from "~/lib/rules/normalise";
import { logEntry } from "./audit.server";
import { ModelError } from "./model-error";

export interface DishAliasRow extends DishAlias {
  id: number;
}

export async function listDishAliases(db: Db): Promise<DishAliasRow[]> {
  return db
    .select({ id: dishAliases.id, dish: dishAliases.dish, alias: dishAliases.alias })
    .from(dishAliases)
    .orderBy(asc(dishAliases.dish), asc(dishAliases.alias));
}

/** A moderator adds an alias (logged); one already listed is 409. */
export async function addDishAlias(db: Db, alias: DishAlias, moderatorId: string): Promise<DishAliasRow> {
  if (!looseKey(alias.alias) || !looseKey(alias.dish)) {
    throw new ModelError(400, msg("Use letters or digits"), {
      field: looseKey(alias.dish) ? "alias" : "dish",
    });
  }
  const [[row]] = await db.batch([
    db
      .insert(dishAliases)
      .values({ ...alias, createdBy: moderatorId })
      .onConflictDoNothing()
      .returning({ id: dishAliases.id, dish: dishAliases.dish, alias: dishAliases.alias }),
    // Logged only when the insert added the row (its id is then the last one inserted).
    logEntry(
      db,
      {
        moderatorId,
        action: "add_alias",
        subjectType: "alias",
        subjectId: sql`CAST(last_insert_rowid() AS TEXT)`,
        name: `${alias.alias} → ${alias.dish}`,
      },
      sql`changes() = 1`,
    ),
  ]);
  if (!row)
    throw new ModelError(409, msg('"{alias}" is already an alias', { alias: alias.alias }), {
      field: "alias",
    });
  forgetAliases();
  return row;
}

/** A moderator removes an alias (logged); one already gone is 404. */
export async function deleteDishAlias(db: Db, id: number, moderatorId: string): Promise<void> {
  const [, [row]] = await db.batch([
    logEntry(
      db,
      {
        moderatorId,
        action: "remove_alias",
        subjectType: "alias",
        subjectId: String(id),
        name: sql`(SELECT ${dishAliases.alias} || ' → ' || ${dishAliases.dish} FROM ${dishAliases} WHERE ${dishAliases.id} = ${id})`,
      },
      sql`EXISTS (SELECT 1 FROM ${dishAliases} WHERE ${dishAliases.id} = ${id})`,
    ),
    db.delete(dishAliases).where(eq(dishAliases.id, id)).returning({ id: dishAliases.id }),
  ]);
  if (!row) throw new ModelError(404, "That alias is already gone");
  forgetAliases();
}

export interface SearchAliases {
  index: AliasIndex;
  /** Every dish name and alias as written, with its loose key: suggestions and "Did you mean" choose from them. */
  names: { text: string; key: string }[];
  /** The labels' Hindi names (ADR 035), which Hindi pages show; search takes each as another name of its label. */
  hindiLabels: LabelNames;
}

/** How long a Worker keeps its copy: another Worker sees a moderator's change within this time. */
const ALIAS_CACHE_MS = 60_000;
/** The Worker bundles this module twice (the API's copy and the Remix build's), so the copy lives on globalThis:
 * a change made through the moderation page reaches the API's searches at once. */
const CACHE = Symbol.for("nukkad.searchAliases");
const shared = globalThis as { [CACHE]?: { at: number; aliases: Promise<SearchAliases> } | null };
/** The loose key of every name read last time: each new read of the aliases (once a minute per Worker) reuses them,
 * so the search that reads them again does not also transliterate every name (several ms, ADR 044). */
let knownKeys = new Map<string, string>();

/** Drops this Worker's copy: the next search reads the aliases and label names again. */
export function forgetAliases() {
  shared[CACHE] = null;
}

/** The aliases as search uses them, with the labels' Hindi names, read from D1 at most once a minute per Worker. */
export function searchAliases(db: Db, now = Date.now()): Promise<SearchAliases> {
  const cached = shared[CACHE];
  if (cached && now - cached.at < ALIAS_CACHE_MS) return cached.aliases;
  const aliases = db
    .batch([
      db.select({ dish: dishAliases.dish, alias: dishAliases.alias }).from(dishAliases),
      db.select({ dish: labelNames.label, alias: labelNames.hindi }).from(labelNames),
    ])
    .then(([dishes, labels]) => {
      const rows = [...dishes, ...labels];
      const keys = new Map<string, string>();
      const keyOf = (text: string) => {
        const key = keys.get(text) ?? knownKeys.get(text) ?? looseKey(text);
        keys.set(text, key);
        return key;
      };
      const index = aliasIndex(rows, keyOf);
      const names = [...new Set(rows.flatMap((row) => [row.dish, row.alias]))].map((text) => ({
        text,
        key: keyOf(text),
      }));
      knownKeys = keys;
      return {
        index,
        names,
        hindiLabels: Object.fromEntries(labels.map((row) => [labelKey(row.dish), row.alias])),
      };
    });
  shared[CACHE] = { at: now, aliases };
  // A failed read is not kept: the next search tries again.
  aliases.catch(() => {
    if (shared[CACHE]?.aliases === aliases) forgetAliases();
  });
  return aliases;
}
