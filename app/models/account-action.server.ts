// Moderators act on accounts (issue 33 §2, ADR 052): warn, silence, suspend, remove as spam, lift. A restriction is
// one row of account_actions while it is in force; what a suspension hid is listed in account_action_hides, so its
// end (a lift, or its date passing) restores exactly that. Write paths and sign-in ask account-restriction.server.
import { and, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import {
  accountActionHides,
  accountActions,
  type HiddenKind,
  postComments,
  posts,
  profiles,
  reels,
  stalls,
  trails,
  users,
} from "~/db/schema";
import { randomToken, sha256Hex } from "~/lib/auth/tokens";
import type { AppConfig } from "~/lib/http/config.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg, type Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import {
  type AccountActionInput,
  type AccountActionKind,
  isRestriction,
  RESTRICTIONS,
} from "~/lib/schemas/account-action";
import { isModerator } from "~/lib/schemas/moderation";
import { day } from "./account-restriction.server";
import { sendMail } from "./mail.server";
import { ModelError } from "./model-error";
import { notice, refreshUnreadCounts } from "./notification/notification.server";
import { revokeAllSessions } from "./session.server";

export interface AccountActionContext {
  db: Db;
  kv: KVNamespace;
  config: AppConfig;
  /** Origin for the e-mail's appeal link. */
  origin: string;
}

export const PERSON_NOT_FOUND = "User not found";
export const NOTHING_TO_LIFT = msg("Nothing to lift: this account is neither silenced nor suspended.");
export const SUSPENDED_FIRST = msg("This account is suspended: lift the suspension before silencing it.");

/** What each kind hides: the rows of the person still shown, as one INSERT of account_action_hides, then the change. */
interface Withdrawal {
  kind: HiddenKind;
  /** The rows to withdraw, as `SELECT id FROM ...` of the person's. */
  rows: (userId: string) => SQL;
  withdraw: (
    db: Db,
    userId: string,
    hide: { reason: string; moderatorId: string; now: number },
  ) => BatchItem<"sqlite">;
  /** Puts back the rows of `hidden` (account_action_hides of the ending action) still as the action left them. */
  restore: (db: Db, hidden: (row: SQL, at?: SQL) => SQL) => BatchItem<"sqlite">;
}

const hiddenColumns = (hide: { reason: string; moderatorId: string; now: number }) => ({
  hiddenAt: hide.now,
  hiddenReason: hide.reason,
  hiddenBy: hide.moderatorId,
});
const shownColumns = { hiddenAt: null, hiddenReason: null, hiddenBy: null };

const WITHDRAWALS: Withdrawal[] = [
  {
    kind: "post",
    rows: (userId) =>
      sql`SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId} AND ${posts.hiddenAt} IS NULL`,
    withdraw: (db, userId, hide) =>
      db
        .update(posts)
        .set(hiddenColumns(hide))
        .where(and(eq(posts.userId, userId), isNull(posts.hiddenAt))),
    restore: (db, hidden) =>
      db
        .update(posts)
        .set(shownColumns)
        .where(hidden(sql`${posts.id}`, sql`${posts.hiddenAt}`)),
  },
  {
    kind: "comment",
    rows: (userId) =>
      sql`SELECT ${postComments.id} FROM ${postComments} WHERE ${postComments.userId} = ${userId} AND ${postComments.hiddenAt} IS NULL`,
    withdraw: (db, userId, { reason, now }) =>
      db
        .update(postComments)
        .set({ hiddenAt: now, hiddenReason: reason })
        .where(and(eq(postComments.userId, userId), isNull(postComments.hiddenAt))),
    restore: (db, hidden) =>
      db
        .update(postComments)
        .set({ hiddenAt: null, hiddenReason: null })
        .where(hidden(sql`${postComments.id}`, sql`${postComments.hiddenAt}`)),
  },
  {
    kind: "trail",
    rows: (userId) =>
      sql`SELECT ${trails.id} FROM ${trails} WHERE ${trails.authorId} = ${userId} AND ${trails.hiddenAt} IS NULL`,
    withdraw: (db, userId, hide) =>
      db
        .update(trails)
        .set(hiddenColumns(hide))
        .where(and(eq(trails.authorId, userId), isNull(trails.hiddenAt))),
    restore: (db, hidden) =>
      db
        .update(trails)
        .set(shownColumns)
        .where(hidden(sql`${trails.id}`, sql`${trails.hiddenAt}`)),
  },
  {
    // Reels have no hidden state: an approved one goes back to pending, which no feed shows.
    kind: "reel",
    rows: (userId) =>
      sql`SELECT ${reels.id} FROM ${reels} WHERE ${reels.userId} = ${userId} AND ${reels.status} = 'approved'`,
    withdraw: (db, userId) =>
      db
        .update(reels)
        .set({ status: "pending" })
        .where(and(eq(reels.userId, userId), eq(reels.status, "approved"))),
    restore: (db, hidden) =>
      db
        .update(reels)
        .set({ status: "approved" })
        .where(and(eq(reels.status, "pending"), hidden(sql`${reels.id}`))),
  },
];

/** Removing as spam also rejects the stalls the person submitted that still wait; a lift puts them back in the queue. */
const PENDING_STALLS: Withdrawal = {
  kind: "stall",
  rows: (userId) =>
    sql`SELECT ${stalls.id} FROM ${stalls} WHERE ${stalls.createdBy} = ${userId} AND ${stalls.status} = 'pending'`,
  withdraw: (db, userId, { reason, now }) =>
    db
      .update(stalls)
      .set({ status: "rejected", statusReason: reason, updatedAt: now })
      .where(and(eq(stalls.createdBy, userId), eq(stalls.status, "pending"))),
  restore: (db, hidden) =>
    db
      .update(stalls)
      .set({ status: "pending", statusReason: null })
      .where(and(eq(stalls.status, "rejected"), hidden(sql`${stalls.id}`))),
};

/** Comment counts count visible comments: recounted on every post the person commented on. */
const recountCommentsOf = (db: Db, userId: string) =>
  db
    .update(posts)
    .set({
      commentCount: sql`(SELECT count(*) FROM ${postComments} AS c WHERE c.post_id = ${posts.id} AND c.hidden_at IS NULL)`,
    })
    .where(
      sql`${posts.id} IN (SELECT ${postComments.postId} FROM ${postComments} WHERE ${postComments.userId} = ${userId})`,
    );

/** The statements that end restriction `actionId` of `userId`, restoring what it hid that is still as it left it. */
function endStatements(db: Db, userId: string, actionId: number, now: number): BatchItem<"sqlite">[] {
  // By the rows' ids (their primary keys), and for hidden rows only while hidden at the action's time: a row a
  // moderator restored and hid again since is theirs, not the action's.
  const of = (kind: HiddenKind) => (row: SQL, at?: SQL) => {
    const listed = sql`FROM ${accountActionHides} AS h WHERE h.action_id = ${actionId} AND h.kind = ${kind}`;
    return at
      ? sql`${row} IN (SELECT h.row_id ${listed}) AND ${at} = (SELECT h.hidden_at ${listed} AND h.row_id = ${row})`
      : sql`${row} IN (SELECT h.row_id ${listed})`;
  };
  return [
    ...[...WITHDRAWALS, PENDING_STALLS].map((w) => w.restore(db, of(w.kind))),
    recountCommentsOf(db, userId),
    db.update(accountActions).set({ endedAt: now }).where(eq(accountActions.id, actionId)),
  ];
}

/** The row of the restriction in force now, ended or not by date: the one whose end is still to be written. */
async function unendedRestriction(db: Db, userId: string) {
  const [row] = await db
    .select({ id: accountActions.id, action: accountActions.action, until: accountActions.until })
    .from(accountActions)
    .where(
      and(
        eq(accountActions.userId, userId),
        isNull(accountActions.endedAt),
        inArray(accountActions.action, RESTRICTIONS),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function findPerson(db: Db, username: string) {
  const [person] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      language: profiles.language,
      name: profiles.fullName,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.username, username), isNull(users.deletedAt)))
    .limit(1);
  if (!person) throw new ModelError(404, PERSON_NOT_FOUND);
  return person;
}

/** What the person is told, in their language: the notice's title and the e-mail's subject, and the body of both. */
function toldWords(t: Translate, action: AccountActionKind, reason: string, until: number | null) {
  const end = until === null ? null : day(until);
  const words: Record<AccountActionKind, { title: string; body: string }> = {
    warn: { title: t("A moderator warned you"), body: t("Reason: {reason}", { reason }) },
    silence: {
      title: end ? t("Your account is silenced until {date}", { date: end }) : t("Your account is silenced"),
      body: t("You can read Nukkad, but not post, comment or add anything. Reason: {reason}", { reason }),
    },
    suspend: {
      title: end
        ? t("Your account is suspended until {date}", { date: end })
        : t("Your account is suspended"),
      body: t("You cannot sign in, and what you posted is hidden meanwhile. Reason: {reason}", { reason }),
    },
    remove_spam: {
      title: t("Your account was suspended as spam"),
      body: t(
        "You cannot sign in; your posts are hidden and your waiting stalls rejected. Reason: {reason}",
        { reason },
      ),
    },
    lift: {
      title: t("The restriction on your account was lifted"),
      body: t("You can post and sign in again; what was hidden is back. {reason}", { reason }),
    },
  };
  return words[action];
}

/**
 * Warns, silences, suspends, removes as spam or lifts (POST /api/moderation/users/:username/actions and the person
 * page). 404 for an unknown person, 403 on one's own account or (for a moderator who is not an admin) another
 * moderator's, 409 for a lift with nothing in force or a silence over a suspension. A new restriction takes over
 * the one in force; a suspension hides the person's content and revokes every session at once.
 */
export async function actOnAccount(
  { db, kv, config, origin }: AccountActionContext,
  moderator: { id: string; role: string },
  username: string,
  { action, reason, until: end }: AccountActionInput,
  now = Date.now(),
): Promise<{ id: number; action: AccountActionKind; until: number | null }> {
  const until = end ?? null;
  const person = await findPerson(db, username);
  if (person.id === moderator.id) throw new ModelError(403, msg("You cannot act on your own account."));
  if (isModerator({ role: person.role }) && moderator.role !== "admin")
    throw new ModelError(403, msg("Only an admin can act on a moderator's account."));
  const current = await unendedRestriction(db, person.id);
  const currentInForce = current !== null && (current.until === null || current.until > now);
  if (action === "lift" && !current) throw new ModelError(409, NOTHING_TO_LIFT);
  if (action === "silence" && currentInForce && current.action !== "silence")
    throw new ModelError(409, SUSPENDED_FIRST);

  const suspends = action === "suspend" || action === "remove_spam";
  const token = action === "lift" ? null : randomToken();
  const hide = { reason, moderatorId: moderator.id, now };
  const newId = sql`(SELECT ${accountActions.id} FROM ${accountActions} WHERE ${accountActions.userId} = ${person.id}
    ORDER BY ${accountActions.id} DESC LIMIT 1)`;
  const statements: BatchItem<"sqlite">[] = [];
  if (current && suspends && current.action !== "silence") {
    // Taking over a suspension: what it hid stays hidden, and is now the new one's to restore.
    statements.push(db.update(accountActions).set({ endedAt: now }).where(eq(accountActions.id, current.id)));
  } else if (current && action !== "warn") {
    statements.push(...endStatements(db, person.id, current.id, now));
  }
  const inserted = statements.length;
  statements.push(
    db
      .insert(accountActions)
      .values({
        userId: person.id,
        moderatorId: moderator.id,
        action,
        reason,
        until: isRestriction(action) ? until : null,
        appealTokenHash: token ? await sha256Hex(token) : null,
        createdAt: now,
      })
      .returning({ id: accountActions.id }),
  );
  if (current && suspends && current.action !== "silence")
    statements.push(
      db
        .update(accountActionHides)
        .set({ actionId: sql`${newId}` })
        .where(eq(accountActionHides.actionId, current.id)),
    );
  if (suspends)
    for (const w of action === "remove_spam" ? [...WITHDRAWALS, PENDING_STALLS] : WITHDRAWALS)
      statements.push(
        db
          .insert(accountActionHides)
          .select(sql`SELECT ${newId}, ${w.kind}, id, ${now} FROM (${w.rows(person.id)})`),
        w.withdraw(db, person.id, hide),
      );
  if (suspends) statements.push(recountCommentsOf(db, person.id));
  const t = translatorFor(isLanguage(person.language) ? person.language : DEFAULT_LANGUAGE);
  const words = toldWords(t, action, reason, until);
  statements.push(
    ...notice(
      db,
      {
        userId: person.id,
        actorId: null,
        type: "stall_update",
        ...words,
        link: "/appeal",
        subject: `user:${person.id}`,
      },
      now,
    ),
  );
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [row] = results[inserted] as { id: number }[];
  // Within this request: every cookie and bearer token of theirs stops working on the very next request.
  if (suspends) await revokeAllSessions(db, kv, person.id);
  await refreshUnreadCounts(db, kv, [person.id]);
  await mailPerson(
    db,
    config,
    person.email,
    t,
    words,
    token ? `${origin}/appeal?token=${token}` : `${origin}/auth`,
  );
  return { id: row?.id ?? 0, action, until: isRestriction(action) ? until : null };
}

async function mailPerson(
  db: Db,
  config: AppConfig,
  to: string,
  t: Translate,
  words: { title: string; body: string },
  link: string,
) {
  try {
    await sendMail(db, config, {
      to,
      subject: words.title,
      text: `${words.body}\n\n${t("If you think this is a mistake, tell us here:")}\n\n${link}`,
      link,
    });
  } catch (error) {
    // The action stands and the notification says the same; the e-mail is a courtesy.
    console.error("account action e-mail failed", error);
  }
}

/**
 * Ends the restrictions whose date has passed (the Worker's Cron Trigger), restoring what they hid. Sign-in and
 * the write paths already treat them as ended; this puts the content back. Answers how many it ended.
 */
export async function endExpiredRestrictions(db: Db, now = Date.now()): Promise<number> {
  const expired = await db
    .select({ id: accountActions.id, userId: accountActions.userId })
    .from(accountActions)
    .where(
      and(
        isNull(accountActions.endedAt),
        sql`${accountActions.until} IS NOT NULL`,
        lte(accountActions.until, now),
      ),
    );
  for (const { id, userId } of expired)
    await db.batch(endStatements(db, userId, id, now) as [BatchItem<"sqlite">]);
  return expired.length;
}
