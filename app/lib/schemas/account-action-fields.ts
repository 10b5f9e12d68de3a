import { msg } from "~/lib/i18n/translate";
import { CONTACT_MESSAGE_MAX } from "~/lib/schemas/contact-fields";

// What the person page and the appeal page show of account actions, without zod (ADR 056): the actions, their
// labels and limits, which account-action.ts's schemas check against.

export const ACCOUNT_ACTIONS = ["warn", "silence", "suspend", "remove_spam", "lift"] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTIONS)[number];

/** The actions that restrict an account until they end (by a lift, or their `until`). */
export const RESTRICTIONS = ["silence", "suspend", "remove_spam"] as const;
export type Restriction = (typeof RESTRICTIONS)[number];
export const isRestriction = (action: AccountActionKind): action is Restriction =>
  (RESTRICTIONS as readonly string[]).includes(action);

export const ACCOUNT_ACTION_REASON_MAX = 1000;

/** An appeal is a support message: as long as one may be. */
export const APPEAL_MAX = CONTACT_MESSAGE_MAX;

/** Each action as the person page's form and history name it. */
export const ACCOUNT_ACTION_LABELS: Record<AccountActionKind, string> = {
  warn: msg("Warn"),
  silence: msg("Silence"),
  suspend: msg("Suspend"),
  remove_spam: msg("Remove as spam"),
  lift: msg("Lift"),
};
