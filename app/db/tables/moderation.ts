import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  REPORT_DECISIONS,
  REPORT_REASON_VALUES,
  REPORT_SUBJECT_TYPES,
  type ReportDecision,
  type ReportReason,
  type ReportSubjectType,
} from "~/lib/schemas/moderation-fields";
import { optionalUserRef, userRef } from "./accounts";
import { createdAt, oneOf, rowId } from "./columns";

/**
 * Every report of anything people can report (ADR 045), keyed by what it is about: a subject type and that subject's
 * own key (its row id, a person's user id), which the subject's adapter in app/models/report/ reads. No foreign key
 * can point at seven tables, so a subject deleted by other means leaves its reports behind: the queues join the
 * subject and so never show them. A decision is recorded on the report rows it closes: who, when and which.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: rowId(),
    subjectType: text("subject_type").$type<ReportSubjectType>().notNull(),
    subjectId: text("subject_id").notNull(),
    reporterId: userRef("reporter_id"),
    reason: text("reason").$type<ReportReason>().notNull(),
    /** What the reporter wrote besides the reason; for "other", what the reason is. */
    details: text("details").notNull().default(""),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
    decidedBy: optionalUserRef("decided_by"),
    decision: text("decision").$type<ReportDecision>(),
    /** Who wrote the subject when it was reported: upheld reports against a person lower their trust (ADR 051). */
    subjectAuthorId: optionalUserRef("subject_author_id"),
  },
  (t) => [
    // One open report per person and subject; once decided, the same person may report it again.
    uniqueIndex("reports_open_reporter_unique")
      .on(t.subjectType, t.subjectId, t.reporterId)
      .where(sql`decided_at IS NULL`),
    index("reports_open_idx").on(t.subjectType, t.createdAt, t.id).where(sql`decided_at IS NULL`),
    index("reports_subject_idx").on(t.subjectType, t.subjectId),
    // The reporter's day, which the daily limits count.
    index("reports_reporter_created_idx").on(t.reporterId, t.createdAt),
    // Reports against a person that moderators upheld, which their trust level counts.
    index("reports_upheld_author_idx")
      .on(t.subjectAuthorId, t.decidedAt)
      .where(sql`decision IN ('hide', 'remove')`),
    // A reporter's decided reports, newest first, which weigh their next report.
    index("reports_reporter_decided_idx").on(t.reporterId, t.decidedAt).where(sql`decided_at IS NOT NULL`),
    check("reports_subject_type_check", sql`${t.subjectType} IN ${oneOf(REPORT_SUBJECT_TYPES)}`),
    check("reports_reason_check", sql`${t.reason} IN ${oneOf(REPORT_REASON_VALUES)}`),
    check("reports_details_length", sql`length(${t.details}) <= 1000`),
    check(
      "reports_decision_check",
      sql`${t.decision} IS NULL OR ${t.decision} IN ${oneOf(REPORT_DECISIONS)}`,
    ),
    check("reports_decided", sql`(${t.decidedAt} IS NULL) = (${t.decision} IS NULL)`),
  ],
);
