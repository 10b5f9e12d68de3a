import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { MUTED_WORD_MAX_LENGTH } from "~/lib/rules/muted-words";
import { userRef } from "./accounts";
import { createdAt } from "./columns";

// Members keeping others away (issue 33 §1, ADR 048): blocks, mutes and muted words. Each row is one person's choice
// about one other person (or word), gone with either account. Reads ask "is there a row between these two" by
// primary key, in both orders for a block, so every check is a point lookup.

/** One person's choice about another (`actor` chose it about `subject`): keyed by both, their own list read newest
 * first through (actor, created_at). */
function personPairTable(name: string, actor: string, subject: string) {
  return sqliteTable(
    name,
    { actorId: userRef(`${actor}_id`), subjectId: userRef(`${subject}_id`), createdAt: createdAt() },
    (t) => [
      primaryKey({ columns: [t.actorId, t.subjectId] }),
      index(`${name}_${actor}_created_idx`).on(t.actorId, t.createdAt),
      check(`${name}_not_self`, sql`${t.actorId} <> ${t.subjectId}`),
    ],
  );
}

/** A block: neither person sees or reaches the other (ADR 048). */
export const blocks = personPairTable("blocks", "blocker", "blocked");

/** A mute: the muter's feeds, comments and notifications leave the muted person out; nothing else changes. */
export const mutes = personPairTable("mutes", "muter", "muted");

/** A word the person does not want to read in feed posts and comments (whole words; ADR 048). */
export const mutedWords = sqliteTable(
  "muted_words",
  { userId: userRef(), word: text("word").notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.userId, t.word] }),
    check(
      "muted_words_length",
      sql`length(${t.word}) BETWEEN 1 AND ${sql.raw(String(MUTED_WORD_MAX_LENGTH))}`,
    ),
  ],
);
