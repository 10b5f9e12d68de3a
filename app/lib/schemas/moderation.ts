import { z } from "zod";
import { decodeCursor, encodeCursor } from "~/lib/http/cursor";
import { msg } from "~/lib/i18n/translate";
import type { Role } from "~/lib/rules/options";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";
import { isIndianPhone } from "~/lib/schemas/phone";
import { postIdSchema } from "~/lib/schemas/post-id";
import { reelIdSchema } from "~/lib/schemas/reels";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// Reports, claims and moderators' decisions: one schema per input, shared by the dialogs and the queue page
// (conform) and by the JSON API (@hono/zod-validator).

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

/** A report's form: what is wrong, chosen under `choice`, then its details, which "other" needs since it says
 * nothing by itself. */
function withDetails<Shape extends z.ZodRawShape>(shape: Shape, choice: keyof Shape & string) {
  return z
    .object({
      ...shape,
      details: cleanText({ multiline: true }).max(REPORT_DETAILS_MAX, REPORT_DETAILS_TOO_LONG).default(""),
    })
    .refine((report: Record<string, unknown>) => report[choice] !== "other" || report.details !== "", {
      message: msg("Please describe the problem"),
      path: ["details"],
    });
}

export const stallReportSchema = withDetails(
  { kind: z.enum(REPORT_KIND_VALUES as [ReportKind, ...ReportKind[]], msg("Please choose what is wrong")) },
  "kind",
);

/** Why someone's trail is reported; "other" needs details, as a stall report's Other does. */
export const TRAIL_REPORT_REASONS = [
  { value: "wrong_stalls", label: msg("Stalls closed or wrong") },
  { value: "spam", label: msg("Spam or advertising") },
  { value: "offensive", label: msg("Offensive") },
  { value: "other", label: msg("Something else") },
] as const satisfies readonly { value: ReportReason; label: string }[];

export type TrailReportReason = (typeof TRAIL_REPORT_REASONS)[number]["value"];

export const TRAIL_REPORT_REASON_VALUES = TRAIL_REPORT_REASONS.map((reason) => reason.value);

/** POST /api/trails/:id/report and the trail page's Report dialog. */
export const trailReportSchema = withDetails(
  {
    reason: z.enum(
      TRAIL_REPORT_REASON_VALUES as [TrailReportReason, ...TrailReportReason[]],
      msg("Please choose what is wrong"),
    ),
  },
  "reason",
);

/** POST /api/reports: anything reported by its type and public id (a person by username). "other" needs details. */
export const reportSchema = withDetails(
  {
    subject_type: z.enum(
      REPORT_SUBJECT_TYPES,
      "subject_type must be one of " + REPORT_SUBJECT_TYPES.join(", "),
    ),
    subject_id: z
      .string({ error: "subject_id must be a string" })
      .trim()
      .min(1, "subject_id is required")
      .max(100, "subject_id must be at most 100 characters"),
    reason: z.enum(REPORT_REASON_VALUES, msg("Please choose what is wrong")),
  },
  "reason",
);

export type ReportInput = z.infer<typeof reportSchema>;

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

/** The spec's claim modal: Your Name, Phone Number, Reason for Claim, all required. */
export const stallClaimSchema = z.object({
  name: requiredText(msg("Please enter your name"), 100, msg("Name must be at most 100 characters")),
  phone: requiredText(
    msg("Please enter your phone number"),
    20,
    msg("Please enter a valid phone number"),
  ).refine(isIndianPhone, msg("Please enter a valid phone number")),
  reason: requiredText(
    msg("Please tell us why this stall is yours"),
    CLAIM_REASON_MAX,
    CLAIM_REASON_TOO_LONG,
    true,
  ),
});

const rowId = z.number({ error: "Unknown item" }).int().positive();
/** A moderator hiding a post or comment: the reason is shown to its author. */
export const hidePostSchema = z.object({
  reason: requiredText(
    msg("Say why it is hidden; its author sees this"),
    HIDE_REASON_MAX,
    msg("Reasons can be up to 1000 characters"),
    true,
  ),
});
const hideReason = hidePostSchema.shape.reason;
const stallId = stallIdSchema;
const rejectionReason = requiredText(
  msg("Please give a reason"),
  REJECTION_REASON_MAX,
  msg("Reason must be at most 500 characters"),
  true,
);

/** Rejecting a pending reel or removing a reported one (the queue and POST /api/moderation/reels/:id/reject and
 * /remove): the reason is shown to the reel's author. */
export const reelDecisionReasonSchema = z.object({ reason: rejectionReason });

/** The rules of the words a decision tells its author: why it is hidden (posts, comments, trails), why a reel was
 * removed (as a rejected reel's). The queue's form checks them in the browser, `decideReport` again. */
export const DECISION_REASONS = { hide: hideReason, removal: rejectionReason } as const;
export type DecisionReason = keyof typeof DECISION_REASONS;

const reportId = rowId;

/** A moderator's decision on a reported subject, named by its first open report; `reason` where it offers one. */
export const reportDecisionSchema = z.object({
  decision: z.enum(REPORT_DECISIONS, "decision must be keep, hide or remove"),
  reason: cleanText({ multiline: true })
    .max(HIDE_REASON_MAX, msg("Reasons can be up to 1000 characters"))
    .optional(),
});

/** A decision's form with a reason, checked in the browser by its rule, as `decideReport` checks it. */
const reasonDecisionSchema = (rule: DecisionReason) =>
  z.object({
    intent: z.literal("decide-report"),
    report: reportId,
    decision: z.enum(REPORT_DECISIONS),
    reason: DECISION_REASONS[rule],
  });
export const REASON_DECISION_SCHEMAS = {
  hide: reasonDecisionSchema("hide"),
  removal: reasonDecisionSchema("removal"),
} satisfies Record<DecisionReason, unknown>;

/** A hidden subject restored, by its type and its key in the Hidden list. */
export const restoreSchema = z.object({
  subject_type: z.enum(
    REPORT_SUBJECT_TYPES,
    "subject_type must be one of " + REPORT_SUBJECT_TYPES.join(", "),
  ),
  subject_id: z
    .string()
    .trim()
    .min(1, "subject_id is required")
    .max(100, "subject_id must be at most 100 characters"),
});

/** Every button of the moderation queue. Rejecting a stall needs a reason, which its submitter is shown; every
 * report of any subject is decided with `decide-report`, and a hidden one restored with `restore`. */
export const moderationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-stall"), stall: stallId }),
  z.object({ intent: z.literal("reject-stall"), stall: stallId, reason: rejectionReason }),
  z.object({ intent: z.literal("approve-claim"), claim: rowId }),
  z.object({ intent: z.literal("reject-claim"), claim: rowId }),
  z.object({ intent: z.literal("approve-reel"), reel: reelIdSchema }),
  z.object({ intent: z.literal("reject-reel"), reel: reelIdSchema, reason: rejectionReason }),
  z.object({ intent: z.literal("approve-post"), post: postIdSchema }),
  z.object({ intent: z.literal("reject-post"), post: postIdSchema, reason: rejectionReason }),
  reportDecisionSchema.extend({ intent: z.literal("decide-report"), report: reportId }),
  restoreSchema.extend({ intent: z.literal("restore") }),
]);

export type ModerationAction = z.infer<typeof moderationActionSchema>;

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

function decodeQueueCursor(text: string): QueueCursor | null {
  const [direction, at, id, ...rest] = decodeCursor(text) ?? [];
  if (rest.length > 0 || (direction !== "after" && direction !== "before")) return null;
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id)) return null;
  return { direction, at: at as number, id: id as number };
}

/** A moderation queue's page: search by stall name or area, oldest or newest first, from a cursor. */
export const queueQuerySchema = z.object({
  q: cleanText().max(QUEUE_SEARCH_MAX, "q must be at most 100 characters").default(""),
  sort: z.enum(QUEUE_SORTS, "sort must be oldest or newest").default("oldest"),
  cursor: z
    .string()
    .max(200, "cursor: Invalid cursor")
    .transform((text, ctx) => {
      const cursor = decodeQueueCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: "cursor: Invalid cursor" });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});

export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** The first page of a queue, oldest first, everything in it. */
export const QUEUE_START: QueueQuery = { q: "", sort: "oldest" };

/** GET /api/moderation/reports: a page of one report tab. */
export const reportQueueQuerySchema = queueQuerySchema.extend({
  tab: z.enum(REPORT_TABS, "tab must be one of " + REPORT_TABS.join(", ")),
});

/** The queues /moderation shows: all but reviews, which /moderation/reviews shows. */
const PAGE_QUEUES = MODERATION_QUEUES.filter(
  (queue): queue is Exclude<ModerationQueue, "reviews"> => queue !== "reviews",
);

/** /moderation picks which of its queues to show with `tab`. */
export const moderationPageQuerySchema = queueQuerySchema.extend({
  tab: z
    .enum(
      PAGE_QUEUES as [Exclude<ModerationQueue, "reviews">, ...Exclude<ModerationQueue, "reviews">[]],
      "tab must be " + PAGE_QUEUES.slice(0, -1).join(", ") + " or " + PAGE_QUEUES.at(-1),
    )
    .default("pending"),
});

/**
 * A queue page's query from its URL. A link that cannot be read in part (an old or edited cursor, an unknown sort,
 * a search past its length) still shows the queue: what could not be read is left out, and `notice` says so.
 */
export function readQueuePageQuery<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): { query: z.output<S>; notice: string | null } {
  const input = Object.fromEntries(params);
  const parsed = schema.safeParse(input);
  if (parsed.success) return { query: parsed.data, notice: null };
  const unread = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const readable = Object.fromEntries(Object.entries(input).filter(([name]) => !unread.has(name)));
  return {
    query: schema.parse(readable),
    notice: msg("Part of this link could not be read ({parts}), so it was left out.", {
      parts: [...unread].join(", "),
    }),
  };
}
