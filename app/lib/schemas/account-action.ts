import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import {
  ACCOUNT_ACTION_REASON_MAX,
  ACCOUNT_ACTIONS,
  APPEAL_MAX,
  isRestriction,
} from "~/lib/schemas/account-action-fields";
import { cleanText } from "~/lib/schemas/clean-text";

// What a moderator does to an account (issue 33 §2, ADR 052): the API's body and the person page's form read the
// same schema.

/** A day alone ("2026-12-01", the form's date field) ends with that day in India, where Nukkad's people are. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const INVALID_UNTIL = msg("until must be a date (2026-12-01) or an ISO date-time with its offset");

const untilSchema = z
  .string({ error: INVALID_UNTIL })
  .trim()
  .refine((value) => DAY_ONLY.test(value) || DATE_TIME.test(value), INVALID_UNTIL)
  .transform((value) => Date.parse(DAY_ONLY.test(value) ? `${value}T23:59:59.999+05:30` : value))
  .refine((at) => Number.isFinite(at), INVALID_UNTIL)
  // Read at each parse: an end already past would restrict nobody.
  .refine((at) => at > Date.now(), msg("The end date must be in the future"));

export const accountActionSchema = z
  .strictObject({
    action: z.enum(ACCOUNT_ACTIONS, msg("Please choose an action")),
    reason: cleanText({ error: msg("Please give a reason"), multiline: true })
      .min(1, msg("Please give a reason"))
      .max(ACCOUNT_ACTION_REASON_MAX, msg("Reasons can be up to 1000 characters")),
    until: untilSchema.optional(),
  })
  .refine((input) => input.until === undefined || isRestriction(input.action), {
    message: msg("Only a silence or a suspension has an end date"),
    path: ["until"],
  });
export type AccountActionInput = z.output<typeof accountActionSchema>;

/** The appeal a person writes against an action on their account (/appeal), for the support inbox. */
export const appealSchema = z.object({
  message: cleanText({ error: msg("Please write your appeal"), multiline: true })
    .min(1, msg("Please write your appeal"))
    .max(APPEAL_MAX, msg("Your message can be at most 2,000 characters")),
  /** The e-mail's link, for a suspended person who cannot sign in. */
  token: z.string().max(100).optional(),
});
