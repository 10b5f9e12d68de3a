// Reports of anything people can report (ADR 045, ADR 046): one table, one way to file a report, one queue of
// reported subjects and one way to decide them, through one adapter per subject type (this folder's
// <subject>.server.ts files). This registry is the one place that maps a subject type to its adapter.

import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { msg } from "~/lib/i18n/translate";
import { DECISION_REASONS, type ReportInput } from "~/lib/schemas/moderation";
import {
  MODERATION_QUEUES,
  type ModerationQueue,
  QUEUE_START,
  type QueueQuery,
  type ReportDecision,
  type ReportSubjectType,
  type ReportTab,
} from "~/lib/schemas/moderation-fields";
import { logEntry } from "~/models/audit.server";
import { ModelError } from "~/models/model-error";
import { submissionQueueCounts } from "~/models/moderation.server";
import type { QueuePage } from "~/models/queue.server";
import { type FilingContext, fileAndWeigh, hiddenForReview, showForDecision } from "./auto-hide.server";
import { countHidden, type HiddenOf, readHiddenPage } from "./hidden.server";
import { type PersonPreview, personSubject } from "./person.server";
import { commentSubject, type PostPreview, postSubject } from "./post.server";
import { type ReelPreview, reelSubject } from "./reel.server";
import { countOpenSubjects, type QueueItem, readReportedPage, subjectOfOpenReport } from "./reports.server";
import { type ReviewPreview, reviewSubject } from "./review.server";
import { type StallReportPreview, stallSubject } from "./stall.server";
import type { DecisionContext, Hideable, Reporter, ReportSubject } from "./subject.server";
import { type TrailPreview, trailSubject } from "./trail.server";

export type { FilingContext } from "./auto-hide.server";
export { HIDDEN_PAGE_SIZE, type HiddenOf } from "./hidden.server";
export type { PersonPreview } from "./person.server";
export {
  COMMENT_NOT_FOUND,
  DAILY_POST_REPORT_LIMIT,
  hideComment,
  hidePost,
  listPostReports,
  type PostPreview,
  type ReportedPost,
  reportPost,
} from "./post.server";
export {
  listReelReports,
  OWN_REEL_REPORT,
  type ReelPreview,
  type ReportedReel,
  removeReportedReel,
  reportReel,
} from "./reel.server";
export {
  ALREADY_REPORTED,
  type OpenReport,
  REPORTED_PAGE_SIZE,
  REPORTS_GONE,
} from "./reports.server";
export {
  DAILY_REVIEW_REPORT_LIMIT,
  dismissReviewReports,
  listReportedReviews,
  type ReportedReview,
  type ReviewPreview,
  removeReportedReview,
  reportReview,
} from "./review.server";
export {
  createStallReport,
  DAILY_STALL_REPORT_LIMIT,
  listOpenReports,
  type OpenStallReport,
  removeReportedStall,
  resolveReport,
  type StallReportPreview,
} from "./stall.server";
export type { DecisionContext, Reporter } from "./subject.server";
export {
  CURATED_TRAIL,
  DAILY_TRAIL_REPORT_LIMIT,
  hideTrail,
  listTrailReports,
  OWN_TRAIL,
  type ReportedTrail,
  reportTrail,
  type TrailPreview,
} from "./trail.server";

/** Each subject type's preview in the queue. */
export interface ReportPreviews {
  stall: StallReportPreview;
  review: ReviewPreview;
  post: PostPreview;
  comment: PostPreview;
  reel: ReelPreview;
  trail: TrailPreview;
  person: PersonPreview;
}

/** A queue item of a report tab, typed by its subject type; `hidden` while hidden pending review (ADR 051). */
export type ReportItem = {
  [T in ReportSubjectType]: QueueItem<T, ReportPreviews[T]> & { hidden: boolean };
}[ReportSubjectType];
/** A subject of the Hidden tab, typed by its subject type. */
export type HiddenItem = { [T in ReportSubjectType]: HiddenOf<T, ReportPreviews[T]> }[ReportSubjectType];

/** Every reportable subject type's adapter. */
export const REPORT_SUBJECTS: { [T in ReportSubjectType]: ReportSubject<ReportPreviews[T]> } = {
  stall: stallSubject,
  review: reviewSubject,
  post: postSubject,
  comment: commentSubject,
  reel: reelSubject,
  trail: trailSubject,
  person: personSubject,
};

const ADAPTERS = Object.values(REPORT_SUBJECTS) as ReportSubject[];

/** The report tabs, each with the adapters of the subjects it lists. */
const REPORT_TABS = new Map<ReportTab, ReportSubject[]>();
for (const adapter of ADAPTERS) {
  REPORT_TABS.set(adapter.queue.tab, [...(REPORT_TABS.get(adapter.queue.tab) ?? []), adapter]);
}

/**
 * Files a report of anything: 404 for what the reporter cannot see, 400 or 403 for their own (as its adapter says),
 * 409 when they already have a report of it open, 429 past their day's limit. What enough reports weigh against is
 * hidden pending review (ADR 051).
 */
export async function fileReport(
  context: FilingContext,
  reporter: Reporter,
  input: ReportInput,
): Promise<{ id: number }> {
  const subject = REPORT_SUBJECTS[input.subject_type] as ReportSubject;
  const found = await subject.find(context.db, input.subject_id, reporter);
  if (!found) throw new ModelError(404, subject.notFound);
  return fileAndWeigh(context, subject, found, reporter.id, input);
}

/** A page of a report tab: the moderation page's list and GET /api/moderation/reports, each item saying whether
 * it is hidden pending review. */
export async function listReports(
  db: Db,
  tab: ReportTab,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<ReportItem>> {
  const subjects = REPORT_TABS.get(tab) ?? [];
  const page = await readReportedPage(db, subjects, query);
  const hidden = await hiddenForReview(db, subjects, page.items);
  const items = page.items.map((item) => ({ ...item, hidden: hidden.has(`${item.type}:${item.key}`) }));
  return { ...page, items } as QueuePage<ReportItem>;
}

/** A page of the Hidden tab: what moderators hid, with the reason, to restore. */
export async function listHidden(db: Db, query: QueueQuery = QUEUE_START): Promise<QueuePage<HiddenItem>> {
  return (await readHiddenPage(db, ADAPTERS, query)) as QueuePage<HiddenItem>;
}

/**
 * How many items wait in each tab of the moderation queue (submissions, reports, and what is hidden), under the same
 * search as its list: one round trip for them all.
 */
export async function countModerationQueues(db: Db, q: string): Promise<Record<ModerationQueue, number>> {
  const tabs: [ModerationQueue, BatchItem<"sqlite">][] = [
    ...(Object.entries(submissionQueueCounts(db, q)) as [ModerationQueue, BatchItem<"sqlite">][]),
    ...[...REPORT_TABS].map(([tab, adapters]): [ModerationQueue, BatchItem<"sqlite">] => [
      tab,
      countOpenSubjects(db, adapters, q),
    ]),
  ];
  const [first, ...rest] = tabs.map(([, select]) => select);
  const [counted, hidden] = await Promise.all([
    (first ? db.batch([first, ...rest]) : []) as Promise<{ n: number }[][]>,
    countHidden(db, ADAPTERS, q),
  ]);
  const counts = Object.fromEntries(MODERATION_QUEUES.map((tab) => [tab, 0])) as Record<
    ModerationQueue,
    number
  >;
  tabs.forEach(([tab], i) => {
    counts[tab] = counted[i]?.[0]?.n ?? 0;
  });
  counts.hidden = hidden;
  return counts;
}

export const NOT_OFFERED = msg("That decision is not one this item offers.");

/**
 * A moderator's decision on the subject of an open report (409 when the report is missing or already decided),
 * carried out by the subject's adapter, which closes its reports in the same batch (`recordDecision`). A decision
 * the subject does not offer is 400, and so is a reason its rule refuses. Answers the subject's name and what to tell
 * the moderator.
 */
export async function decideReport(
  context: DecisionContext,
  moderatorId: string,
  { report, decision, reason }: { report: number; decision: ReportDecision; reason?: string },
): Promise<{ name: string; said: string }> {
  const { type, key } = await subjectOfOpenReport(context.db, report);
  const { queue } = REPORT_SUBJECTS[type] as ReportSubject;
  const rule = queue.decisions[decision];
  if (rule === undefined) throw new ModelError(400, NOT_OFFERED, { field: "decision" });
  const words = rule === null ? null : DECISION_REASONS[rule].safeParse(reason ?? "");
  if (words && !words.success) {
    throw new ModelError(400, words.error.issues[0]?.message ?? NOT_OFFERED, { field: "reason" });
  }
  await showForDecision(context.db, REPORT_SUBJECTS[type] as ReportSubject, key);
  const { name } = await queue.decide(
    context,
    moderatorId,
    { key, reportId: report },
    decision,
    words?.data ?? "",
  );
  return { name, said: msg(queue.said[decision] ?? "", { name }) };
}

/** Restoring is logged beside `recordDecision`: the entry, first in the batch that restores the subject, only while it
 * is hidden. */
function recordRestore(
  db: Db,
  { type, key, moderatorId }: { type: ReportSubjectType; key: string; moderatorId: string },
  subject: ReportSubject & { queue: { hideable: Hideable } },
): BatchItem<"sqlite">[] {
  const logged = subject.logged(key);
  return [
    logEntry(
      db,
      {
        moderatorId,
        action: `restore_${type}`,
        subjectType: type,
        subjectId: logged.id,
        name: logged.name,
        personId: logged.person,
      },
      subject.queue.hideable.isHidden(key),
    ),
  ];
}

/** Shows a hidden subject to everyone again through its adapter (404 when it is not hidden, 400 when its kind is
 * never hidden); its author's hidden notice goes. Answers what to tell the moderator. */
export async function restoreSubject(
  db: Db,
  moderatorId: string,
  { subject_type: type, subject_id: key }: { subject_type: ReportSubjectType; subject_id: string },
): Promise<{ name: string; said: string }> {
  const subject = REPORT_SUBJECTS[type] as ReportSubject;
  const { hideable } = subject.queue;
  if (!hideable) throw new ModelError(400, NOT_RESTORABLE, { field: "subject_type" });
  const restoring = recordRestore(
    db,
    { type, key, moderatorId },
    { ...subject, queue: { ...subject.queue, hideable } },
  );
  const { name } = await hideable.restore(db, key, restoring);
  return { name, said: RESTORED };
}

export const NOT_RESTORABLE = msg("Only what a moderator hid can be restored.");
const RESTORED = msg("Restored: everyone sees it again.");
