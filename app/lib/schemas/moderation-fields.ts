import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { msg } from "~/lib/i18n/translate";
import type { Role } from "~/lib/rules/options";

// What the moderation pages and the report dialogs show of reports and queues, without zod (ADR 056): their
// choices, labels and limits, which moderation.ts's schemas check against.

export function isModerator(viewer: { role: Role } | null | undefined): boolean {
  return viewer?.role === "moderator" || viewer?.role === "admin";
}

/**
 * The one vocabulary of report reasons, whatever is reported (ADR 045): the stall and trail forms' kinds, plus "other",
 * whose words go to a report's details (as every free-text reason of posts, comments, reviews and reels did).
 */
export const REPORT_REASON_VALUES = [
  "closed",
  "moved",
  "wrong_hours",
  "wrong_details",
  "wrong_stalls",
  "spam",
  "offensive",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASON_VALUES)[number];

/** What people can report; a person is named by their username. */
export const REPORT_SUBJECT_TYPES = [
  "stall",
  "review",
  "post",
  "comment",
  "reel",
  "trail",
  "person",
] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** What a moderator decided about a report: the subject kept, hidden with a reason, or removed. */
export const REPORT_DECISIONS = ["keep", "hide", "remove"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The stall form's choices ("Report Issue"). */
export const REPORT_KINDS = [
  { value: "closed", label: msg("Closed for good") },
  { value: "moved", label: msg("Moved") },
  { value: "wrong_hours", label: msg("Wrong hours") },
  { value: "wrong_details", label: msg("Wrong details") },
  { value: "other", label: msg("Other") },
] as const satisfies readonly { value: ReportReason; label: string }[];

export type ReportKind = (typeof REPORT_KINDS)[number]["value"];

export const REPORT_KIND_VALUES = REPORT_KINDS.map((k) => k.value);

export function reportKindLabel(kind: ReportKind): string {
  return REPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export const REPORT_DETAILS_MAX = 1000;
export const CLAIM_REASON_MAX = 1000;
export const REJECTION_REASON_MAX = 500;
export const HIDE_REASON_MAX = 1000;
export const REPORT_DETAILS_TOO_LONG = msg("Details must be at most 1000 characters");
export const CLAIM_REASON_TOO_LONG = msg("Reason must be at most 1000 characters");

/** Why someone's trail is reported; "other" needs details, as a stall report's Other does. */
export const TRAIL_REPORT_REASONS = [
  { value: "wrong_stalls", label: msg("Stalls closed or wrong") },
  { value: "spam", label: msg("Spam or advertising") },
  { value: "offensive", label: msg("Offensive") },
  { value: "other", label: msg("Something else") },
] as const satisfies readonly { value: ReportReason; label: string }[];

export type TrailReportReason = (typeof TRAIL_REPORT_REASONS)[number]["value"];

export const TRAIL_REPORT_REASON_VALUES = TRAIL_REPORT_REASONS.map((reason) => reason.value);

/** The queues a moderator works through; /moderation shows all but reviews, which /moderation/reviews shows. Reels
 * have two: new ones waiting for review ("reels") and approved ones reported ("reel_reports"). */
export const MODERATION_QUEUES = [
  "pending",
  "reports",
  "claims",
  "posts",
  "trails",
  "reels",
  "reel_reports",
  "reviews",
  "people",
  "hidden",
  "held",
] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

/** The queue's tabs that list reports, and what GET /api/moderation/reports reads with `tab`. */
export const REPORT_TABS = ["reports", "reviews", "posts", "trails", "reel_reports", "people"] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const QUEUE_SORTS = ["oldest", "newest"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_SEARCH_MAX = 100;

/**
 * Where a queue page starts: just after the last item of the page before ("after"), or just before the first
 * item of the page after ("before"), each item keyed by when it reached the queue and its id. Keys rather than
 * offsets, so a decision taken meanwhile neither skips an item nor shows one twice.
 */
export interface QueueCursor {
  direction: "after" | "before";
  at: number;
  id: number;
}

export function encodeQueueCursor({ direction, at, id }: QueueCursor): string {
  return encodeCursor([direction, at, id]);
}

export function decodeQueueCursor(text: string): QueueCursor | null {
  const [direction, at, id, ...rest] = decodeCursor(text) ?? [];
  if (rest.length > 0 || (direction !== "after" && direction !== "before")) return null;
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id)) return null;
  return { direction, at: at as number, id: id as number };
}

/** A queue page's query, as queueQuerySchema reads it from a URL or the API. */
export interface QueueQuery {
  q: string;
  sort: QueueSort;
  cursor?: QueueCursor | undefined;
}

/** The first page of a queue, oldest first, everything in it. */
export const QUEUE_START: QueueQuery = { q: "", sort: "oldest" };

/** Labels of the whole vocabulary, for a report read out of the subject form that offered it. */
const REASON_LABELS: Record<ReportReason, string> = {
  ...Object.fromEntries(TRAIL_REPORT_REASONS.map((reason) => [reason.value, reason.label])),
  ...Object.fromEntries(REPORT_KINDS.map((kind) => [kind.value, kind.label])),
} as Record<ReportReason, string>;

/** How a chosen reason reads in the moderation queue: its label (from the subject's own form choices, `labels`,
 * when it has them: a trail's "Something else"), with any details after it. */
export function reportText(
  { reason, details }: { reason: ReportReason; details: string },
  t: (text: string) => string,
  labels?: readonly { value: string; label: string }[],
): string {
  const named = t(labels?.find((each) => each.value === reason)?.label ?? REASON_LABELS[reason]);
  return details ? `${named}: ${details}` : named;
}
