// What the reports model asks of each kind of thing people can report: one small adapter per subject type, in this
// folder, and nothing outside the adapters names a subject type (ADR 045).
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import type { Role } from "~/lib/rules/options";
import type { ModerationQueue, ReportSubjectType } from "~/lib/schemas/moderation";
import type { DailyLimit } from "~/models/rate-limit.server";

/** A reportable thing as its adapter found it: its key in `reports.subject_id`, and who wrote it. */
export interface FoundSubject {
  key: string;
  authorId: string | null;
}

/**
 * How many reports a person may file a day. Stalls and reviews count every attempt (a counter spent before the
 * report is stored, so a burst of the same report is refused past the limit); posts, comments and trails count the
 * reports stored in the day of the given subject types, so a repeat of one is answered kindly rather than refused.
 */
export type ReportLimit =
  | { counts: "attempts"; key: string; daily: DailyLimit }
  | { counts: "reports"; types: readonly ReportSubjectType[]; daily: DailyLimit };

export interface Reporter {
  id: string;
  role: Role;
}

export interface ReportSubject {
  type: ReportSubjectType;
  /** The subject by the id its reporter names it with, or null when they cannot see it (404). It may refuse a
   * report of its own kind with a ModelError (a curated trail). */
  find(db: Db, id: string, reporter: Reporter): Promise<FoundSubject | null>;
  notFound: string;
  /** The answer to reporting one's own, or null when that is allowed. */
  own: { status: 400 | 403; message: string } | null;
  limit: ReportLimit | null;
  /** Whether someone whose report a moderator answered with Keep may report it again: yes for a stall (a new
   * report says something new: it moved, it closed), no for what people write (the answer stands). */
  againAfterKeep: boolean;
}

/** A tab of the moderation queue that lists reports: how many wait in it under a search, as a select of one row
 * `{ n }` for the batch that counts every tab. */
export interface ReportQueue {
  tab: ModerationQueue;
  count(db: Db, q: string): BatchItem<"sqlite">;
}
