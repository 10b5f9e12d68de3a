import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blocks, feedEntries, follows, mutedWords, mutes, profiles, users } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { normaliseMutedWord } from "~/lib/rules/muted-words";
import type { KeptAwayList } from "~/lib/schemas/safety";
import { between } from "./block.server";
import { ModelError } from "./model-error";
import { refreshUnreadCounts } from "./notification/notification.server";
import { memberNamed, personColumns, personView } from "./person.server";

// The choices a member makes to keep someone away (issue 33 §1, ADR 048): block, mute, their lists and muted words,
// from Settings > Community, a post's or profile's menu and the API. What the reads leave out is block.server.ts; a
// choice that changes which notices count recounts the bells it changes, so the count never names a hidden notice.

export const USER_NOT_FOUND = msg("User not found");
export const CANNOT_BLOCK_YOURSELF = msg("You cannot block or mute yourself");
/** The newest choices a list answers: far more than anyone keeps, and a bound on the read. */
const LIST_MAX = 1000;

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
 * Sets a block (`{ blocked }`) or a mute (`{ muted }`) of `username` for `userId`, answering the state set; repeating
 * a state changes nothing, and nobody is told. A block ends the follows both ways and takes each one's posts out of
 * the other's Following (ADR 023), in its own batch; unblocking brings none of them back. A mute only writes its row.
 * The bells whose notices it hides or shows again are recounted: both people's for a block, the muter's for a mute.
 */
export async function keepAway<Choice extends { blocked: boolean } | { muted: boolean }>(
  db: Db,
  kv: KVNamespace,
  userId: string,
  username: string,
  choice: Choice,
): Promise<Choice> {
  const other = await otherMember(db, userId, username);
  if ("blocked" in choice) await writeBlock(db, userId, other, choice.blocked);
  else if (choice.muted)
    await db.insert(mutes).values({ actorId: userId, subjectId: other }).onConflictDoNothing();
  else await db.delete(mutes).where(and(eq(mutes.actorId, userId), eq(mutes.subjectId, other)));
  await refreshUnreadCounts(db, kv, "blocked" in choice ? [userId, other] : [userId]);
  return choice;
}

async function writeBlock(db: Db, userId: string, other: string, blocked: boolean) {
  if (!blocked) {
    await db.delete(blocks).where(and(eq(blocks.actorId, userId), eq(blocks.subjectId, other)));
    return;
  }
  await db.batch([
    db.insert(blocks).values({ actorId: userId, subjectId: other }).onConflictDoNothing(),
    db.delete(follows).where(between(userId, other, follows.followerId, follows.followeeId)),
    db.delete(feedEntries).where(between(userId, other, feedEntries.followerId, feedEntries.authorId)),
  ]);
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
