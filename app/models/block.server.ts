import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { blocks, feedEntries, follows, mutedWords, mutes, profiles, users } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { containsMutedWord, normaliseMutedWord } from "~/lib/rules/muted-words";
import type { KeptAwayList } from "~/lib/schemas/safety";
import { ModelError } from "./model-error";
import { memberNamed, personColumns, personView } from "./person.server";

// Block and mute (issue 33 §1, ADR 048). A block keeps two people apart both ways: every read of the other's things
// leaves them out (`unblocked`), every write that would reach the other is refused as if the thing were not there,
// and the follows between them end in the block's batch. A mute only thins the muter's own feeds, comments and
// notifications (`inFeedsOf`). Neither person is told. Each check is a primary-key lookup of blocks or mutes, one
// per row read and none for a visitor, so a list costs no more rows for having them (scripts/bench-community.ts).

export const USER_NOT_FOUND = msg("User not found");
export const CANNOT_BLOCK_YOURSELF = msg("You cannot block or mute yourself");
/** The newest choices a list answers: far more than anyone keeps, and a bound on the read. */
const LIST_MAX = 1000;

type Person = AnySQLiteColumn | SQL;

/** No block stands between the reader and `person`, either way; always true for a visitor. */
export function unblocked(viewerId: string | null, person: Person): SQL {
  if (viewerId === null) return sql`1`;
  return sql`(NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${viewerId} AND ${blocks.subjectId} = ${person}) AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.actorId} = ${person} AND ${blocks.subjectId} = ${viewerId}))`;
}

/** What the reader's feeds, threads and notifications show of `person`: not blocked either way, not muted. */
export function inFeedsOf(viewerId: string | null, person: Person): SQL {
  if (viewerId === null) return sql`1`;
  return sql`(${unblocked(viewerId, person)} AND NOT EXISTS (SELECT 1 FROM ${mutes} WHERE ${mutes.actorId} = ${viewerId} AND ${mutes.subjectId} = ${person}))`;
}

/** Rows naming the two people in either order. */
const between = (a: string, b: string, first: AnySQLiteColumn, second: AnySQLiteColumn) =>
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

/** The member named `username` as someone choosing about them: 404 when unknown, 400 for oneself. */
async function otherMember(db: Db, userId: string, username: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(memberNamed(username))
    .limit(1);
  if (!row) throw new ModelError(404, USER_NOT_FOUND);
  if (row.id === userId) throw new ModelError(400, CANNOT_BLOCK_YOURSELF);
  return row.id;
}

/**
 * Blocks (true) or unblocks (false) `username` for `userId`. A block ends the follows both ways, and takes each one's
 * posts out of the other's Following (ADR 023), in its own batch; unblocking brings none of them back. Repeating a
 * state changes nothing. Nobody is told.
 */
export async function setBlock(
  db: Db,
  userId: string,
  username: string,
  blocked: boolean,
): Promise<{ blocked: boolean }> {
  const other = await otherMember(db, userId, username);
  const pair = and(eq(blocks.actorId, userId), eq(blocks.subjectId, other));
  if (!blocked) {
    await db.delete(blocks).where(pair);
    return { blocked: false };
  }
  await db.batch([
    db.insert(blocks).values({ actorId: userId, subjectId: other }).onConflictDoNothing(),
    db.delete(follows).where(between(userId, other, follows.followerId, follows.followeeId)),
    db.delete(feedEntries).where(between(userId, other, feedEntries.followerId, feedEntries.authorId)),
  ]);
  return { blocked: true };
}

/** Mutes (true) or unmutes (false) `username` for `userId`; follows stay, and nobody is told. */
export async function setMute(
  db: Db,
  userId: string,
  username: string,
  muted: boolean,
): Promise<{ muted: boolean }> {
  const other = await otherMember(db, userId, username);
  if (muted) await db.insert(mutes).values({ actorId: userId, subjectId: other }).onConflictDoNothing();
  else await db.delete(mutes).where(and(eq(mutes.actorId, userId), eq(mutes.subjectId, other)));
  return { muted };
}

/** The people `userId` blocked or muted, newest first (the (actor, created_at) index), for Settings and the API. */
export async function listKeptAway(db: Db, userId: string, kind: "blocks" | "mutes"): Promise<KeptAwayList> {
  const table = kind === "blocks" ? blocks : mutes;
  const rows = await db
    .select({ ...personColumns, since: table.createdAt })
    .from(table)
    .innerJoin(profiles, eq(profiles.userId, table.subjectId))
    .where(eq(table.actorId, userId))
    .orderBy(desc(table.createdAt))
    .limit(LIST_MAX);
  return { data: rows.map((row) => ({ ...personView(row), since: new Date(row.since).toISOString() })) };
}

/** Replaces the person's muted words with `words` (normalised, each once), answering the list kept. */
export async function saveMutedWords(db: Db, userId: string, words: string[]): Promise<{ words: string[] }> {
  const kept = [...new Set(words.map(normaliseMutedWord))];
  await db.batch([
    db.delete(mutedWords).where(eq(mutedWords.userId, userId)),
    ...(kept.length > 0 ? [db.insert(mutedWords).values(kept.map((word) => ({ userId, word })))] : []),
  ]);
  return { words: kept };
}
