// The moderation log's vocabulary (ADR 047): what a logged decision is about and what it did, a closed list that the
// table's checks repeat, and the log's one query.
import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { ACCOUNT_ACTION_REASON_MAX, ACCOUNT_ACTIONS } from "./account-action-fields";
import { cleanText } from "./clean-text";
import { QUEUE_SEARCH_MAX, REPORT_DECISIONS, REPORT_SUBJECT_TYPES } from "./moderation-fields";

/** Submissions a moderator approves or rejects: a post is one when the spam rules held it (ADR 051). */
export const SUBMISSION_KINDS = ["stall", "claim", "reel", "post"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** What a log entry is about: anything reported (stalls and reels are also submitted), a claim, a dish alias. */
export const LOG_SUBJECT_TYPES = [...REPORT_SUBJECT_TYPES, "claim", "alias"] as const;
export type LogSubjectType = (typeof LOG_SUBJECT_TYPES)[number];

type ReportAction =
  `${(typeof REPORT_DECISIONS)[number] | "restore"}_${(typeof REPORT_SUBJECT_TYPES)[number]}`;
export type LogAction =
  | `${"approve" | "reject"}_${SubmissionKind}`
  | ReportAction
  | "add_alias"
  | "remove_alias"
  | "grant_moderator"
  | "revoke_moderator"
  | (typeof ACCOUNT_ACTIONS)[number];

/** Every action a log entry may record: each report decision (and restore) of each subject type, whether or not
 * that subject offers it today, so a new decision needs no new migration. */
export const LOG_ACTIONS: readonly LogAction[] = [
  ...SUBMISSION_KINDS.flatMap((kind) => [`approve_${kind}`, `reject_${kind}`] as const),
  ...REPORT_SUBJECT_TYPES.flatMap((type) =>
    [...REPORT_DECISIONS, "restore" as const].map((decision): ReportAction => `${decision}_${type}`),
  ),
  "add_alias",
  "remove_alias",
  "grant_moderator",
  "revoke_moderator",
  ...ACCOUNT_ACTIONS,
];

/** The actor of an entry written by `npm run user:role` (whoever holds the database), where a moderator's id goes. */
export const COMMAND_LINE = "command-line";

/** GET /api/moderation/log and /moderation/log: a search (a moderator's, a person's username or id, or a subject's
 * id or name) and the cursor of the page after. */
export const logQuerySchema = z.object({
  q: z.string().trim().max(QUEUE_SEARCH_MAX, "q must be at most 100 characters").catch("").default(""),
  cursor: z.coerce.number().int().positive().optional().catch(undefined),
});
export type LogQuery = z.infer<typeof logQuerySchema>;

/** PUT /api/moderation/users/:username/role, and the admin's form on the person page: the reason goes to the log. */
export const roleChangeSchema = z.object({
  role: z.enum(["moderator", "user"], 'role must be "moderator" or "user"'),
  reason: cleanText({ multiline: true })
    .max(ACCOUNT_ACTION_REASON_MAX, msg("Reasons can be up to 1000 characters"))
    .default(""),
});
export type RoleChange = z.input<typeof roleChangeSchema>;
