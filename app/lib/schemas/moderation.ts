import { z } from "zod";
import type { Role } from "~/lib/rules/options";
import { cleanText } from "~/lib/schemas/clean-text";
import { isIndianPhone } from "~/lib/schemas/phone";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// Reports, claims and moderators' decisions: one schema per input, shared by the dialogs and the queue page
// (conform) and by the JSON API (@hono/zod-validator).

export function isModerator(viewer: { role: Role } | null | undefined): boolean {
  return viewer?.role === "moderator" || viewer?.role === "admin";
}

export const REPORT_KINDS = [
  { value: "closed", label: "Closed for good" },
  { value: "moved", label: "Moved" },
  { value: "wrong_hours", label: "Wrong hours" },
  { value: "wrong_details", label: "Wrong details" },
  { value: "other", label: "Other" },
] as const;

export type ReportKind = (typeof REPORT_KINDS)[number]["value"];

export const REPORT_KIND_VALUES = REPORT_KINDS.map((k) => k.value);

export function reportKindLabel(kind: ReportKind): string {
  return REPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export const REPORT_DETAILS_MAX = 1000;
export const CLAIM_REASON_MAX = 1000;
export const REJECTION_REASON_MAX = 500;

export const stallReportSchema = z
  .object({
    kind: z.enum(REPORT_KIND_VALUES as [ReportKind, ...ReportKind[]], "Please choose what is wrong"),
    details: cleanText({ multiline: true })
      .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
      .default(""),
  })
  .refine((report) => report.kind !== "other" || report.details.length > 0, {
    message: "Please describe the problem",
    path: ["details"],
  });

const requiredText = (max: number, missing: string, tooLong: string, multiline = false) =>
  cleanText({ error: missing, multiline }).min(1, missing).max(max, tooLong);

/** The spec's claim modal: Your Name, Phone Number, Reason for Claim, all required. */
export const stallClaimSchema = z.object({
  name: requiredText(100, "Please enter your name", "Name must be at most 100 characters"),
  phone: cleanText({ error: "Please enter your phone number" })
    .min(1, "Please enter your phone number")
    .max(20, "Please enter a valid phone number")
    .refine(isIndianPhone, "Please enter a valid phone number"),
  reason: requiredText(
    CLAIM_REASON_MAX,
    "Please tell us why this stall is yours",
    `Reason must be at most ${CLAIM_REASON_MAX} characters`,
    true,
  ),
});

const rowId = z.number({ error: "Unknown item" }).int().positive();
const stallId = stallIdSchema;

/** Every button of the moderation queue. Rejecting a stall needs a reason, which its submitter is shown. */
export const moderationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-stall"), stall: stallId }),
  z.object({
    intent: z.literal("reject-stall"),
    stall: stallId,
    reason: requiredText(
      REJECTION_REASON_MAX,
      "Please give a reason",
      `Reason must be at most ${REJECTION_REASON_MAX} characters`,
      true,
    ),
  }),
  z.object({ intent: z.literal("resolve-report"), report: rowId }),
  z.object({ intent: z.literal("remove-stall"), report: rowId }),
  z.object({ intent: z.literal("approve-claim"), claim: rowId }),
  z.object({ intent: z.literal("reject-claim"), claim: rowId }),
]);

export type ModerationAction = z.infer<typeof moderationActionSchema>;

const WHEN = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** When something reached the queue, in India's time on server and browser alike (no hydration mismatch). */
export function formatQueueTime(ms: number): string {
  return WHEN.format(ms);
}
