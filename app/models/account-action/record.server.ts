// The person page's read (/moderation/people/:username): who they are, what they wrote lately, the reports about
// them and what moderators did to their account.
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  accountActions,
  type HiddenKind,
  postComments,
  posts,
  profiles,
  reels,
  reports,
  trails,
  users,
} from "~/db/schema";
import type { AccountActionKind, Restriction } from "~/lib/schemas/account-action-fields";
import { restrictionOf } from "~/models/account-restriction.server";

/** What a moderator reads about a person before acting (/moderation/people/:username). */
export interface PersonRecord {
  id: string;
  name: string;
  username: string;
  avatar_url: string | null;
  role: string;
  joined_at: number;
  email_confirmed: boolean;
  restriction: { action: Restriction; until: number | null } | null;
  /** Their newest posts, comments, reels and trails, newest first, hidden ones too. */
  content: { kind: HiddenKind; key: string; text: string; created_at: number; hidden: boolean }[];
  /** Reports of them or of what they wrote, newest first. */
  reports: {
    id: number;
    type: string;
    reason: string;
    details: string;
    created_at: number;
    decision: string | null;
  }[];
  actions: {
    id: number;
    action: AccountActionKind;
    reason: string;
    until: number | null;
    ended_at: number | null;
    created_at: number;
    moderator: string | null;
  }[];
}

const RECORD_ROWS = 10;

/** A person (not deleted) that `which` finds, with what acting on them, their page and an appeal need; or null. */
export async function findPerson(db: Db, which: SQL) {
  const [person] = await db
    .select({
      id: users.id,
      username: profiles.username,
      email: users.email,
      role: users.role,
      language: profiles.language,
      name: profiles.fullName,
      avatar_url: profiles.avatarUrl,
      joined_at: users.createdAt,
      confirmed: users.emailVerifiedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(which, isNull(users.deletedAt)))
    .limit(1);
  return person ?? null;
}

export const personByUsername = (db: Db, username: string) => findPerson(db, eq(profiles.username, username));

/** The person page's read: null for no such person. Each list is one indexed read of at most RECORD_ROWS rows. */
export async function personRecord(db: Db, username: string, now = Date.now()): Promise<PersonRecord | null> {
  const person = await personByUsername(db, username);
  if (!person) return null;
  const id = person.id;
  const [content, reported, actions, current] = await Promise.all([
    db.all<Omit<PersonRecord["content"][number], "hidden"> & { hidden: number }>(sql`SELECT * FROM (
        SELECT 'post' AS kind, public_id AS key, body AS text, created_at, hidden_at IS NOT NULL AS hidden
          FROM ${posts} WHERE user_id = ${id} ORDER BY created_at DESC LIMIT ${RECORD_ROWS})
      UNION ALL SELECT * FROM (
        SELECT 'comment', CAST(id AS TEXT), body, created_at, hidden_at IS NOT NULL
          FROM ${postComments} WHERE user_id = ${id} ORDER BY created_at DESC LIMIT ${RECORD_ROWS})
      UNION ALL SELECT * FROM (
        SELECT 'reel', public_id, caption, created_at, status <> 'approved' OR hidden_at IS NOT NULL
          FROM ${reels} WHERE user_id = ${id} ORDER BY created_at DESC LIMIT ${RECORD_ROWS})
      UNION ALL SELECT * FROM (
        SELECT 'trail', public_id, title, created_at, hidden_at IS NOT NULL
          FROM ${trails} WHERE author_id = ${id} ORDER BY created_at DESC LIMIT ${RECORD_ROWS})
      ORDER BY created_at DESC LIMIT ${RECORD_ROWS}`),
    db.all<
      PersonRecord["reports"][number]
    >(sql`SELECT id, subject_type AS type, reason, details, created_at, decision
      FROM ${reports} WHERE (subject_type = 'person' AND subject_id = ${id})
        OR (subject_type = 'post' AND subject_id IN (SELECT CAST(id AS TEXT) FROM ${posts} WHERE user_id = ${id}))
        OR (subject_type = 'comment' AND subject_id IN (SELECT CAST(id AS TEXT) FROM ${postComments} WHERE user_id = ${id}))
        OR (subject_type = 'reel' AND subject_id IN (SELECT CAST(id AS TEXT) FROM ${reels} WHERE user_id = ${id}))
        OR (subject_type = 'trail' AND subject_id IN (SELECT CAST(id AS TEXT) FROM ${trails} WHERE author_id = ${id}))
      ORDER BY created_at DESC LIMIT ${RECORD_ROWS}`),
    db
      .select({
        id: accountActions.id,
        action: accountActions.action,
        reason: accountActions.reason,
        until: accountActions.until,
        ended_at: accountActions.endedAt,
        created_at: accountActions.createdAt,
        moderator: profiles.fullName,
      })
      .from(accountActions)
      .leftJoin(profiles, eq(profiles.userId, accountActions.moderatorId))
      .where(eq(accountActions.userId, id))
      .orderBy(desc(accountActions.id))
      .limit(RECORD_ROWS * 2),
    restrictionOf(db, id, now),
  ]);
  return {
    id,
    name: person.name,
    username,
    avatar_url: person.avatar_url,
    role: person.role,
    joined_at: person.joined_at,
    email_confirmed: person.confirmed !== null,
    restriction: current,
    content: content.map((item) => ({ ...item, hidden: Boolean(item.hidden) })),
    reports: reported,
    actions,
  };
}
