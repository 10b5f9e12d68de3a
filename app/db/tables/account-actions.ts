import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ACCOUNT_ACTIONS, type AccountActionKind, RESTRICTIONS } from "~/lib/schemas/account-action-fields";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";

const HIDDEN_KINDS = ["post", "comment", "reel", "trail", "stall"] as const;
export type HiddenKind = (typeof HIDDEN_KINDS)[number];

/**
 * What moderators did to an account (ADR 052): a warning, a silence or suspension (until `until`, or a lift), a
 * removal as spam, or a lift. A restriction stays in force while `ended_at` is null and its `until` is ahead; at
 * most one is in force per person (a new one takes over the one before, which ends).
 */
export const accountActions = sqliteTable(
  "account_actions",
  {
    id: rowId(),
    userId: userRef(),
    /** Null when nobody did it by hand: the scheduled job ending a restriction whose date passed. */
    moderatorId: optionalUserRef("moderator_id"),
    action: text("action").$type<AccountActionKind>().notNull(),
    reason: text("reason").notNull(),
    until: integer("until"),
    /** When a restriction stopped: lifted, past its date, or taken over by a newer one. */
    endedAt: integer("ended_at"),
    /** SHA-256 of the token in the e-mail's appeal link, which a suspended person follows without signing in. */
    appealTokenHash: text("appeal_token_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_actions_user_idx").on(t.userId, t.id),
    uniqueIndex("account_actions_in_force_unique")
      .on(t.userId)
      .where(sql`ended_at IS NULL AND action IN ('silence', 'suspend', 'remove_spam')`),
    index("account_actions_until_idx").on(t.until).where(sql`ended_at IS NULL AND until IS NOT NULL`),
    uniqueIndex("account_actions_appeal_unique").on(t.appealTokenHash),
    check("account_actions_action_check", sql`${t.action} IN ${oneOf(ACCOUNT_ACTIONS)}`),
    check("account_actions_until_check", sql`${t.until} IS NULL OR ${t.action} IN ${oneOf(RESTRICTIONS)}`),
    check("account_actions_reason_length", sql`length(${t.reason}) BETWEEN 1 AND 1000`),
  ],
);

/**
 * Each row an account action hid (posts, comments, trails) or withdrew (approved reels back to pending, pending
 * stalls rejected), with the time it did, so ending the action restores exactly these and nothing a moderator
 * decided about one of them since.
 */
export const accountActionHides = sqliteTable(
  "account_action_hides",
  {
    actionId: integer("action_id")
      .notNull()
      .references(() => accountActions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<HiddenKind>().notNull(),
    rowId: integer("row_id").notNull(),
    hiddenAt: integer("hidden_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.kind, t.rowId] }),
    check("account_action_hides_kind_check", sql`${t.kind} IN ${oneOf(HIDDEN_KINDS)}`),
  ],
);
