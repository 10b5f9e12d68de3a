// What the reports model asks of each kind of thing people can report: one small adapter per subject type, in this
// folder, and nothing outside the adapters names a subject type (ADR 045, ADR 046).
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import type { Role } from "~/lib/rules/options";
import type { DecisionReason } from "~/lib/schemas/moderation";
import type { ReportDecision, ReportSubjectType, ReportTab } from "~/lib/schemas/moderation-fields";
import type { DailyLimit } from "~/models/rate-limit.server";

/** How the moderation log names a subject, each part read in the batch before a decision changes it. */
export interface Logged {
  id: SQL;
  name: SQL;
  person: SQL;
}

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

/** What a decision works with: a page's or the API's request context has it. */
export interface DecisionContext {
  db: Db;
  /** Where unread counts are kept (the header bell): deciding tells people. */
  kv: KVNamespace;
  /** Photos and reels' media, which a removal deletes. */
  photos: R2Bucket;
}

/** A queue item of a subject: its key, and its first open report (the item's id, what a decision names) and when
 * that came in. */
export interface OpenSubject {
  key: string;
  type: ReportSubjectType;
  firstId: number;
  first: number;
}

/** A subject a moderator hid, as the Hidden list reads it: a select of (type, key, at, id, reason) rows. */
export interface Hideable {
  /** The hidden subjects matching the search, for the UNION that lists them all. */
  hidden(q: string): SQL;
  /** Whether the subject of `key` is hidden now, as restoring it needs. */
  isHidden(key: string): SQL;
  /** Shows it again to everyone (404 when it is not hidden), answering what to call it; `also` (logging it) goes
   * first in the batch. */
  restore(db: Db, key: string, also: BatchItem<"sqlite">[]): Promise<{ name: string }>;
  /** Hiding it pending review (ADR 051), its author shown `reason`: null when it is gone. */
  hideForReview(db: Db, key: string, reason: string, now: number): Promise<HiddenForReview | null>;
}

/** The statement that hides a subject pending review (changing no row when it is hidden already), the statements
 * after it in its batch, and what its author's notice links to. */
export interface HiddenForReview {
  hide: BatchItem<"sqlite">;
  also: BatchItem<"sqlite">[];
  link: string;
  /** The notice's subject ('post:<public id>'). */
  subject: string;
}

/** How a subject type sits in the moderation queue: its tab, search, preview and decisions. */
export interface QueuedSubject<Preview> {
  tab: ReportTab;
  /** Each report is its own queue item (a stall's reports say different things: moved, closed), rather than one
   * item a subject with every open report. */
  perReport?: boolean;
  /** Whether a report row (of this type) stays in the queue under the search `q`: its subject still shown. */
  inQueue(q: string): SQL;
  /** The previews of a page's subjects (never none), read together; one gone meanwhile answers undefined and is
   * left out. */
  load(db: Db, subjects: OpenSubject[]): Promise<(subject: OpenSubject) => Preview | undefined>;
  /** The decisions it offers, each with the rule of the words its author is told (null: none asked). */
  decisions: Partial<Record<ReportDecision, DecisionReason | null>>;
  /** Which of them a queue item offers, when not all (a stall is removed only when reported closed). */
  offered?(preview: Preview): ReportDecision[];
  /** Carries a decision out, closing the subject's open reports with `recordDecision` in the same batch; answers
   * the subject's name for what the moderator is told. */
  decide(
    context: DecisionContext,
    moderatorId: string,
    on: { key: string; reportId: number },
    decision: ReportDecision,
    reason: string,
  ): Promise<{ name: string }>;
  /** What the moderator is told after each decision ({name}). */
  said: Partial<Record<ReportDecision, string>>;
  /** Present where a moderator can hide it: how to list and restore it. */
  hideable?: Hideable;
}

export interface ReportSubject<Preview = unknown> {
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
  queue: QueuedSubject<Preview>;
  /** How the moderation log names the subject of `key` and whom it concerns. */
  logged(key: string): Logged;
}
