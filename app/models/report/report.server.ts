// Reports of anything people can report (ADR 045): one table, one way to file a report, and the queues that list
// them, through one adapter per subject type (this folder's <subject>.server.ts files).

import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import {
  MODERATION_QUEUES,
  type ModerationQueue,
  type ReportInput,
  type ReportSubjectType,
} from "~/lib/schemas/moderation";
import { ModelError } from "~/models/model-error";
import { submissionQueueCounts } from "~/models/moderation.server";
import { personSubject } from "./person.server";
import { commentSubject, postQueue, postSubject } from "./post.server";
import { reelQueue, reelSubject } from "./reel.server";
import { fileFound } from "./reports.server";
import { reviewQueue, reviewSubject } from "./review.server";
import { stallQueue, stallSubject } from "./stall.server";
import type { Reporter, ReportQueue, ReportSubject } from "./subject.server";
import { trailQueue, trailSubject } from "./trail.server";

export {
  COMMENT_NOT_FOUND,
  DAILY_POST_REPORT_LIMIT,
  dismissPostReports,
  hideComment,
  hidePost,
  listPostReports,
  POST_REPORT_PAGE_SIZE,
  type ReportedPost,
  reportPost,
} from "./post.server";
export {
  keepReportedReel,
  listReelReports,
  OWN_REEL_REPORT,
  REEL_REPORT_PAGE_SIZE,
  type ReportedReel,
  removeReportedReel,
  reportReel,
} from "./reel.server";
export { ALREADY_REPORTED, type OpenReport, REPORTS_GONE, recordDecision } from "./reports.server";
export {
  DAILY_REVIEW_REPORT_LIMIT,
  dismissReviewReports,
  listReportedReviews,
  REPORTED_REVIEW_PAGE_SIZE,
  type ReportedReview,
  removeReportedReview,
  reportReview,
} from "./review.server";
export {
  createStallReport,
  DAILY_STALL_REPORT_LIMIT,
  listOpenReports,
  type OpenStallReport,
  REPORT_PAGE_SIZE,
  removeReportedStall,
  resolveReport,
} from "./stall.server";
export type { Reporter } from "./subject.server";
export {
  CURATED_TRAIL,
  DAILY_TRAIL_REPORT_LIMIT,
  hideTrail,
  keepTrail,
  listTrailReports,
  OWN_TRAIL,
  type ReportedTrail,
  reportTrail,
  TRAIL_REPORT_PAGE_SIZE,
} from "./trail.server";

/** Every reportable subject type's adapter. */
export const REPORT_SUBJECTS: Record<ReportSubjectType, ReportSubject> = {
  stall: stallSubject,
  review: reviewSubject,
  post: postSubject,
  comment: commentSubject,
  reel: reelSubject,
  trail: trailSubject,
  person: personSubject,
};

/** The moderation queue's tabs that list reports. */
const REPORT_QUEUES: ReportQueue[] = [stallQueue, reviewQueue, postQueue, trailQueue, reelQueue];

/**
 * Files a report of anything: 404 for what the reporter cannot see, 400 or 403 for their own (as its adapter says),
 * 409 when they already have a report of it open, 429 past their day's limit.
 */
export async function fileReport(db: Db, reporter: Reporter, input: ReportInput): Promise<{ id: number }> {
  const subject = REPORT_SUBJECTS[input.subject_type];
  const found = await subject.find(db, input.subject_id, reporter);
  if (!found) throw new ModelError(404, subject.notFound);
  return fileFound(db, subject, found, reporter.id, input);
}

/**
 * How many items wait in each tab of the moderation queue (submissions and reports), under the same search as its
 * list: one round trip for them all.
 */
export async function countModerationQueues(db: Db, q: string): Promise<Record<ModerationQueue, number>> {
  const tabs: [ModerationQueue, BatchItem<"sqlite">][] = [
    ...Object.entries(submissionQueueCounts(db, q)).map(
      ([tab, select]) => [tab as ModerationQueue, select] as [ModerationQueue, BatchItem<"sqlite">],
    ),
    ...REPORT_QUEUES.map((queue): [ModerationQueue, BatchItem<"sqlite">] => [queue.tab, queue.count(db, q)]),
  ];
  const [first, ...rest] = tabs.map(([, select]) => select);
  const counted = (first ? await db.batch([first, ...rest]) : []) as { n: number }[][];
  const counts = Object.fromEntries(MODERATION_QUEUES.map((tab) => [tab, 0])) as Record<
    ModerationQueue,
    number
  >;
  tabs.forEach(([tab], i) => {
    counts[tab] = counted[i]?.[0]?.n ?? 0;
  });
  return counts;
}
