// Appeals (ADR 052): the person an action was taken on answers it from /appeal, signed in or through the link of the
// e-mail (a suspended person cannot sign in), and the appeal lands in the support inbox beside the other messages.
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accountActions, users } from "~/db/schema";
import { sha256Hex } from "~/lib/auth/tokens";
import { msg } from "~/lib/i18n/translate";
import type { AccountActionKind } from "~/lib/schemas/account-action-fields";
import { ModelError } from "~/models/model-error";
import { type SupportContext, submitContactMessage } from "~/models/support.server";
import { findPerson } from "./record.server";

export const NOTHING_TO_APPEAL = msg("There is no moderator's decision on your account to appeal.");

/** The decision an appeal answers, as its page shows it. */
export interface Appealable {
  id: number;
  action: AccountActionKind;
  reason: string;
  until: number | null;
  created_at: number;
  person: { id: string; name: string; email: string; username: string | null };
}

/** The action named by the e-mail's `token`, else the newest one on `userId`'s account (lifts are not appealed). */
export async function findAppealable(
  db: Db,
  { token, userId }: { token?: string | null; userId?: string | null },
): Promise<Appealable | null> {
  let which: SQL | undefined;
  if (token) which = eq(accountActions.appealTokenHash, await sha256Hex(token));
  else if (userId) which = and(eq(accountActions.userId, userId), ne(accountActions.action, "lift"));
  if (!which) return null;
  const [row] = await db
    .select({
      id: accountActions.id,
      action: accountActions.action,
      reason: accountActions.reason,
      until: accountActions.until,
      created_at: accountActions.createdAt,
      userId: accountActions.userId,
    })
    .from(accountActions)
    .where(which)
    .orderBy(desc(accountActions.id))
    .limit(1);
  const person = row ? await findPerson(db, eq(users.id, row.userId)) : null;
  if (!row || !person) return null;
  const { userId: _, ...action } = row;
  return {
    ...action,
    person: { id: person.id, name: person.name, email: person.email, username: person.username },
  };
}

/**
 * Files the appeal in the support inbox (topic "My account"), pointing moderators at the person's page; counted
 * against the contact form's hourly limit (429). 404 when there is no decision to appeal.
 */
export async function fileAppeal(
  context: SupportContext,
  who: { token?: string | null; userId?: string | null },
  message: string,
  ip: string,
): Promise<void> {
  const appealed = await findAppealable(context.db, who);
  if (!appealed) throw new ModelError(404, NOTHING_TO_APPEAL);
  const { person } = appealed;
  await submitContactMessage(
    context,
    {
      name: person.name,
      email: person.email,
      topic: "account",
      message,
      // Where the moderator answering it sees the decision, the history and the form to lift it.
      page: person.username ? `/moderation/people/${person.username}` : undefined,
    },
    { userId: person.id, ip },
  );
}
