// The moderation log (issue 33, ADR 047): every moderation decision appends one entry in the batch that carries it
// out, and nothing here (nor anywhere) edits or deletes one; the table's triggers refuse it.
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { moderationLog, posts, profiles, reels, stalls, trails, users } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import {
  COMMAND_LINE,
  type LogAction,
  type LogQuery,
  type LogSubjectType,
  type RoleChange,
} from "~/lib/schemas/moderation-log";
import { ModelError } from "./model-error";
import { holdsText } from "./queue.server";
import { forgetCachedSessions } from "./session.server";

export interface LogEntry {
  moderatorId: string;
  action: LogAction;
  subjectType: LogSubjectType;
  /** The subject's id, or an expression read in the batch (the row a decision is about). */
  subjectId: string | SQL;
  /** What it is called, read before a removal deletes it. */
  name?: string | SQL;
  /** Whom it concerns (an id, or an expression), if anyone. */
  personId?: string | null | SQL;
  reason?: string;
}

/**
 * The statement that appends one entry, for the batch of the decision. `when` is the condition the decision itself
 * needs (the item still pending, the post still shown): the entry goes before the statement that decides, which
 * in the same batch then surely does, so a decision a second moderator was too late for logs nothing.
 */
export function logEntry(db: Db, entry: LogEntry, when: SQL = sql`1`, now = Date.now()) {
  return db.insert(moderationLog).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        moderatorId: sql<string>`${entry.moderatorId}`.as("moderator_id"),
        action: sql<LogAction>`${entry.action}`.as("action"),
        subjectType: sql<LogSubjectType>`${entry.subjectType}`.as("subject_type"),
        subjectId: sql<string>`${entry.subjectId}`.as("subject_id"),
        subjectName: sql<string>`coalesce(${entry.name ?? ""}, '')`.as("subject_name"),
        personId: sql<string | null>`${entry.personId ?? null}`.as("person_id"),
        reason: sql<string>`${entry.reason ?? ""}`.as("reason"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(when),
  );
}

export const LOG_PAGE_SIZE = 30;

/** One entry as the log shows it, with the names of the moderator and the person. */
export interface LogItem {
  id: number;
  action: LogAction;
  /** `there`: the subject still exists, so the log can link to it (a removed reel or a deleted post does not). */
  subject: { type: LogSubjectType; id: string; name: string; there: boolean };
  reason: string;
  /** Who decided; null for the command line (`npm run user:role`), which names no one. */
  moderator: LogPerson | null;
  person: LogPerson | null;
  created_at: number;
}

export interface LogPerson {
  id: string;
  name: string | null;
  username: string | null;
}

/** A person named in the search: their id as typed, the username typed (with or without @), or words of their name. */
const personNamed = (column: SQLWrapper, q: string) =>
  sql`(${column} = ${q} OR ${column} IN (SELECT ${profiles.userId} FROM ${profiles}
    WHERE ${profiles.username} = ${q.replace(/^@/, "")} OR ${holdsText(profiles.fullName, q)}))`;

/** Whether the subject an entry names is still stored, for the kinds that have a page to link to. */
const subjectThere = sql<number>`CASE ${moderationLog.subjectType}
  WHEN 'stall' THEN EXISTS (SELECT 1 FROM ${stalls} WHERE ${stalls.shopUniqueId} = ${moderationLog.subjectId})
  WHEN 'post' THEN EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.publicId} = ${moderationLog.subjectId})
  WHEN 'reel' THEN EXISTS (SELECT 1 FROM ${reels} WHERE ${reels.publicId} = ${moderationLog.subjectId})
  WHEN 'trail' THEN EXISTS (SELECT 1 FROM ${trails} WHERE ${trails.publicId} = ${moderationLog.subjectId})
  WHEN 'person' THEN EXISTS (SELECT 1 FROM ${profiles} WHERE ${profiles.userId} = ${moderationLog.subjectId})
  ELSE 0 END`;

/**
 * The log, newest first, a page at a time after the entry `cursor` (the id of the last one read). The search matches
 * the moderator or the person (a username or an id) or the subject (its id, or words of its name).
 */
export async function listLog(db: Db, { q, cursor }: LogQuery) {
  const rows = await db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      subjectType: moderationLog.subjectType,
      subjectId: moderationLog.subjectId,
      subjectName: moderationLog.subjectName,
      reason: moderationLog.reason,
      moderatorId: moderationLog.moderatorId,
      personId: moderationLog.personId,
      createdAt: moderationLog.createdAt,
      moderatorName: sql<
        string | null
      >`(SELECT full_name FROM ${profiles} WHERE user_id = ${moderationLog.moderatorId})`,
      moderatorUsername: sql<
        string | null
      >`(SELECT username FROM ${profiles} WHERE user_id = ${moderationLog.moderatorId})`,
      personName: profiles.fullName,
      personUsername: profiles.username,
      subjectThere,
    })
    .from(moderationLog)
    .leftJoin(profiles, eq(profiles.userId, moderationLog.personId))
    .where(
      and(
        cursor === undefined ? undefined : sql`${moderationLog.id} < ${cursor}`,
        q
          ? sql`(${personNamed(moderationLog.moderatorId, q)} OR ${personNamed(moderationLog.personId, q)}
              OR ${moderationLog.subjectId} = ${q} OR ${holdsText(moderationLog.subjectName, q)})`
          : undefined,
      ),
    )
    .orderBy(sql`${moderationLog.id} DESC`)
    .limit(LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, LOG_PAGE_SIZE);
  const data = page.map(
    (row): LogItem => ({
      id: row.id,
      action: row.action,
      subject: {
        type: row.subjectType,
        id: row.subjectId,
        name: row.subjectName,
        there: Boolean(row.subjectThere),
      },
      reason: row.reason,
      moderator:
        row.moderatorId === COMMAND_LINE
          ? null
          : { id: row.moderatorId, name: row.moderatorName, username: row.moderatorUsername },
      person:
        row.personId === null
          ? null
          : { id: row.personId, name: row.personName, username: row.personUsername },
      created_at: row.createdAt,
    }),
  );
  const last = page.at(-1);
  return { data, next_cursor: rows.length > LOG_PAGE_SIZE && last ? String(last.id) : null };
}

export const ADMINS_ONLY = msg("Only admins can grant or take the moderator role.");
export const ADMIN_ROLE_STAYS = msg("An admin's role changes only through the command line.");
const NO_SUCH_PERSON = msg("User not found");

/**
 * An admin grants someone the moderator role or takes it back ("user"), logged with its reason in the same batch; a change to the
 * role they already have changes and logs nothing. Others are refused (403), and so is a change to an admin (409,
 * the CLI's job). Their cached sessions are dropped, so the next request sees the new role.
 */
export async function changeRole(
  db: Db,
  kv: KVNamespace,
  actor: { id: string; role: string },
  username: string,
  { role, reason }: RoleChange,
): Promise<{ role: "moderator" | "user"; changed: boolean }> {
  if (actor.role !== "admin") throw new ModelError(403, ADMINS_ONLY);
  const [person] = await db
    .select({ id: users.id, role: users.role, name: profiles.fullName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, username.replace(/^@/, "")))
    .limit(1);
  if (!person) throw new ModelError(404, NO_SUCH_PERSON);
  if (person.role === "admin") throw new ModelError(409, ADMIN_ROLE_STAYS);
  if (person.role === role) return { role, changed: false };
  const [, changed] = await db.batch([
    logEntry(
      db,
      {
        moderatorId: actor.id,
        action: role === "moderator" ? "grant_moderator" : "revoke_moderator",
        subjectType: "person",
        subjectId: person.id,
        name: person.name,
        personId: person.id,
        reason,
      },
      sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${person.id} AND ${users.role} = ${person.role})`,
    ),
    db
      .update(users)
      .set({ role })
      .where(and(eq(users.id, person.id), eq(users.role, person.role)))
      .returning({ id: users.id }),
  ]);
  await forgetCachedSessions(db, kv, person.id);
  return { role, changed: changed.length > 0 };
}
