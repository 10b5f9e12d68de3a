import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { blocks, mutedWords, mutes } from "~/db/schema";
import { containsMutedWord } from "~/lib/rules/muted-words";

// Block and mute (issue 33 §1, ADR 048), as every read sees them. A block keeps two people apart both ways: every
// read of the other's things leaves them out (`unblocked`), every write that would reach the other is refused as if
// the thing were not there. A mute only thins the muter's own feeds, comments and notifications (`inFeedsOf`). Each
// check is a primary-key lookup of blocks or mutes, one per row read and none for a visitor, so a list costs no more
// rows for having them (scripts/bench-community.ts). This file imports no other model, so every read path, the
// notifications' included, can use it; the choices themselves (which also refresh bells) are keep-away.server.ts.

type Person = AnySQLiteColumn | SQL;

/** No block stands between the reader and `person`, either way; always true for a visitor. */
export function unblocked(viewerId: string | Person | null, person: Person): SQL {
  if (viewerId === null) return sql`1`;
  return sql`(NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${viewerId} AND ${blocks.subjectId} = ${person}) AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${person} AND ${blocks.subjectId} = ${viewerId}))`;
}

/** What the reader's feeds, threads and notifications show of `person`: not blocked either way, not muted. The
 * reader may be a column, for rows of many readers (the pushes of one write). */
export function inFeedsOf(viewerId: string | Person | null, person: Person): SQL {
  if (viewerId === null) return sql`1`;
  return sql`(${unblocked(viewerId, person)} AND NOT EXISTS (SELECT 1 FROM ${mutes} WHERE ${mutes.actorId} = ${viewerId} AND ${mutes.subjectId} = ${person}))`;
}

/** Rows naming the two people in either order. */
export const between = (a: string, b: string, first: AnySQLiteColumn, second: AnySQLiteColumn) =>
  or(and(eq(first, a), eq(second, b)), and(eq(first, b), eq(second, a)));

/** Whether either of two people blocked the other: what refuses a follow between them. */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: blocks.actorId })
    .from(blocks)
    .where(between(a, b, blocks.actorId, blocks.subjectId))
    .limit(1);
  return row !== undefined;
}

/** The reader's muted words (none for a visitor): one range of the primary key, at most MUTED_WORDS_MAX rows. */
export async function mutedWordsOf(db: Db, userId: string | null): Promise<string[]> {
  if (userId === null) return [];
  const rows = await db
    .select({ word: mutedWords.word })
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId));
  return rows.map((row) => row.word);
}

/** The items whose text holds none of the muted words. */
export function withoutMutedWords<T>(items: T[], words: readonly string[], text: (item: T) => string): T[] {
  return words.length === 0 ? items : items.filter((item) => !containsMutedWord(text(item), words));
}
