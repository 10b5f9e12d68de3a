// Moderators act on accounts (issue 33 §2, ADR 052): warn, silence, suspend, remove as spam, lift. A restriction is
// one row of account_actions while it is in force; what a suspension hid is listed in account_action_hides
// (withdrawals.server.ts), so its end (a lift, or its date passing) restores exactly that. Write paths and sign-in
// ask ~/models/account-restriction.server, which notifies nobody and so imports none of the models it guards.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { accountActionHides, accountActions } from "~/db/schema";
import { randomToken, sha256Hex } from "~/lib/auth/tokens";
import type { AppConfig } from "~/lib/http/config.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { msg, type Translate } from "~/lib/i18n/translate";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { AccountActionInput } from "~/lib/schemas/account-action";
import { type AccountActionKind, isRestriction } from "~/lib/schemas/account-action-fields";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { day, restrictionRow } from "~/models/account-restriction.server";
import { logEntry } from "~/models/audit.server";
import { sendMail } from "~/models/mail.server";
import { ModelError } from "~/models/model-error";
import { notice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { revokeAllSessions } from "~/models/session.server";
import { personByUsername } from "./record.server";
import { endStatements, PENDING_STALLS, recountCommentsOf, WITHDRAWALS } from "./withdrawals.server";

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
  const person = await personByUsername(db, username);
  if (!person) throw new ModelError(404, PERSON_NOT_FOUND);
  if (person.id === moderator.id) throw new ModelError(403, msg("You cannot act on your own account."));
  if (isModerator({ role: person.role }) && moderator.role !== "admin")
    throw new ModelError(403, msg("Only an admin can act on a moderator's account."));
  const current = await restrictionRow(db, person.id);
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
  // On the moderation log (ADR 047) in the same batch as the action itself.
  statements.push(
    logEntry(
      db,
      {
        moderatorId: moderator.id,
        action,
        subjectType: "person",
        subjectId: person.id,
        name: username,
        personId: person.id,
        reason,
      },
      sql`1`,
      now,
    ),
  );
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
        type: "account",
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
