import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  LOG_ACTIONS,
  LOG_SUBJECT_TYPES,
  type LogAction,
  type LogSubjectType,
} from "~/lib/schemas/moderation-log";
import { createdAt, oneOf, rowId } from "./columns";

/**
 * Every moderation decision, appended in the batch that carries it out (ADR 047): who decided, what, about which
 * subject (and what it was called then), whom it concerns, and why. Append-only: triggers in the migration refuse
 * UPDATE and DELETE. Ids are kept without foreign keys, because an entry outlives the account and the subject it
 * names (a removed reel, a deleted account) and no delete may reach it.
 */
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: rowId(),
    moderatorId: text("moderator_id").notNull(),
    action: text("action").$type<LogAction>().notNull(),
    subjectType: text("subject_type").$type<LogSubjectType>().notNull(),
    subjectId: text("subject_id").notNull(),
    /** What the subject was called when it was decided (a stall's name, a post's first words), as it may be gone. */
    subjectName: text("subject_name").notNull().default(""),
    /** The person it concerns: the submitter, the author, the person reported; null for a dish alias. */
    personId: text("person_id"),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_moderator_idx").on(t.moderatorId, t.id),
    index("moderation_log_person_idx").on(t.personId, t.id),
    index("moderation_log_subject_idx").on(t.subjectType, t.subjectId),
    check("moderation_log_action_check", sql`${t.action} IN ${oneOf(LOG_ACTIONS)}`),
    check("moderation_log_subject_type_check", sql`${t.subjectType} IN ${oneOf(LOG_SUBJECT_TYPES)}`),
  ],
);
