import { msg } from "~/lib/i18n/translate";
import type { ContactTopic } from "~/lib/rules/options";

// What the contact form and the Support inbox show of their fields, without zod: the pages' code imports this, the
// schemas in contact.ts check against it (ADR 056).

/** The version of Nukkad a 'Report a problem' message is sent from, attached by the server. */
export const APP_VERSION = "1.0.0";

export const CONTACT_MESSAGE_MAX = 2000;
export const CONTACT_NAME_MAX = 100;
export const SUPPORT_ANSWER_MAX = 5000;

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  question: msg("A question"),
  stall: msg("A stall: wrong details, moved or closed"),
  account: msg("My account"),
  problem: msg("Report a problem"),
  other: msg("Something else"),
};
