import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";
import {
  CLAIM_REASON_MAX,
  CLAIM_REASON_TOO_LONG,
  decodeQueueCursor,
  HIDE_REASON_MAX,
  MODERATION_QUEUES,
  type ModerationQueue,
  QUEUE_SEARCH_MAX,
  QUEUE_SORTS,
  type QueueQuery,
  REJECTION_REASON_MAX,
  REPORT_DECISIONS,
  REPORT_DETAILS_MAX,
  REPORT_DETAILS_TOO_LONG,
  REPORT_KIND_VALUES,
  REPORT_REASON_VALUES,
  REPORT_SUBJECT_TYPES,
  REPORT_TABS,
  type ReportKind,
  TRAIL_REPORT_REASON_VALUES,
  type TrailReportReason,
} from "~/lib/schemas/moderation-fields";
import { isIndianPhone } from "~/lib/schemas/phone";
import { postIdSchema } from "~/lib/schemas/post-id";
import { reelIdSchema } from "~/lib/schemas/reels";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// Reports, claims and moderators' decisions: one schema per input, shared by the dialogs and the queue page
// (conform) and by the JSON API (@hono/zod-validator).

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
export const hideDecisionSchema = reasonDecisionSchema("hide");
export const removalDecisionSchema = reasonDecisionSchema("removal");

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
}) satisfies z.ZodType<QueueQuery>;

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
