import { z } from "zod";
import { emailSchema } from "~/lib/auth/schemas";
import { msg } from "~/lib/i18n/translate";
import { CONTACT_TOPICS, SUPPORT_STATUSES } from "~/lib/rules/options";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, SUPPORT_ANSWER_MAX } from "~/lib/schemas/contact-fields";
import { queueQuerySchema } from "~/lib/schemas/moderation";

// The contact form (/contact) and POST /api/contact read the same schema; the moderators' Support inbox its own.

const PAGE_MAX = 300;

/** A path on this site ("/discover?view=list"), never another site's address. */
const pagePath = cleanText()
  .max(PAGE_MAX, msg("page must be a path on this site"))
  .refine((path) => path === "" || (path.startsWith("/") && !path.startsWith("//")), {
    message: msg("page must be a path on this site"),
  })
  .transform((path) => path || undefined);

export const contactSchema = z.object({
  name: requiredText(
    msg("Please enter your name"),
    CONTACT_NAME_MAX,
    msg("Name must be at most 100 characters"),
  ),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, msg("Please choose a topic")),
  message: requiredText(
    msg("Please write your message"),
    CONTACT_MESSAGE_MAX,
    msg("Your message can be at most 2,000 characters"),
    true,
  ),
  /** The page 'Report a problem' was sent from. */
  page: pagePath.optional(),
});

export type ContactInput = z.output<typeof contactSchema>;

/** A moderator's answer to one message of the Support inbox. */
export const supportAnswerSchema = z.object({
  id: z
    .number({ error: msg("Unknown message") })
    .int()
    .positive(msg("Unknown message")),
  answer: requiredText(
    msg("Please write an answer"),
    SUPPORT_ANSWER_MAX,
    msg("An answer can be at most 5,000 characters"),
    true,
  ),
});

/** The Support inbox's page: open (oldest first) or answered (newest first), from a cursor. */
export const supportInboxQuerySchema = queueQuerySchema.pick({ cursor: true }).extend({
  status: z.enum(SUPPORT_STATUSES, "status must be open or answered").default("open"),
});
