// Whether an account may write or sign in (ADR 052): the guards the write paths and sign-in call, apart from the
// account actions themselves (account-action.server.ts), which notify and so sit above the models these guard.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accountActions } from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { RESTRICTIONS, type Restriction } from "~/lib/schemas/account-action-fields";
import { ModelError } from "./model-error";

/** A restriction's end as the person reads it in a refusal: the day, as the e-mail names it. */
export const day = (at: number) => new Date(at).toISOString().slice(0, 10);

const unended = and(isNull(accountActions.endedAt), inArray(accountActions.action, RESTRICTIONS));

/**
 * A person's restriction whose end is not written yet, or null; with `now`, only one still in force then (its date,
 * if any, ahead), which is what the guards ask. At most one row is unended (account_actions_in_force_unique).
 */
export async function restrictionRow(db: Db, userId: string, now?: number) {
  const [row] = await db
    .select({ id: accountActions.id, action: accountActions.action, until: accountActions.until })
    .from(accountActions)
    .where(
      and(
        eq(accountActions.userId, userId),
        unended,
        now === undefined
          ? undefined
          : or(isNull(accountActions.until), sql`${accountActions.until} > ${now}`),
      ),
    )
    .limit(1);
  return row ? { id: row.id, action: row.action as Restriction, until: row.until } : null;
}

/** The restriction on a person now (a silence or a suspension whose date has not passed), or null. */
export const restrictionOf = (db: Db, userId: string, now = Date.now()) => restrictionRow(db, userId, now);

/**
 * The one guard of every write path (posts, comments, reels, trails, stalls): a silenced or suspended person can
 * still read, but not add anything, until the restriction ends (403).
 */
export async function refuseIfRestricted(db: Db, userId: string, now = Date.now()): Promise<void> {
  const restriction = await restrictionOf(db, userId, now);
  if (!restriction) return;
  throw new ModelError(
    403,
    restriction.until === null
      ? msg("Your account is restricted by a moderator: you can read, but not post, comment or add anything.")
      : msg(
          "Your account is restricted by a moderator until {date}: you can read, but not post, comment or add anything.",
          { date: day(restriction.until) },
        ),
  );
}

/** Sign-in's guard: a suspended person is refused (403) until the suspension ends. */
export async function refuseSuspendedSignIn(db: Db, userId: string, now = Date.now()): Promise<void> {
  const restriction = await restrictionOf(db, userId, now);
  if (restriction === null || restriction.action === "silence") return;
  throw new ModelError(
    403,
    restriction.until === null
      ? msg("This account is suspended. The e-mail we sent explains why and how to appeal.")
      : msg("This account is suspended until {date}. The e-mail we sent explains why and how to appeal.", {
          date: day(restriction.until),
        }),
  );
}
