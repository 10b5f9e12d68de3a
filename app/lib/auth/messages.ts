import { msg } from "~/lib/i18n/translate";

// Account messages shown to people, shared by the server flows and the pages that display them.
export const SIGN_IN_FAILED = msg("Invalid email or password");
export const SIGN_IN_THROTTLED = msg(
  "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
);
/** The spec's sign-up success, said alike for a new address and a registered one (which gets an e-mail). */
export const SIGN_UP_DONE = msg("Account created! Check your email to confirm.");
export const SIGN_UP_THROTTLED = msg(
  "Too many accounts were created from your network. Please try again in an hour.",
);
/** The spec's reset-request success, said alike whether or not the address has an account. */
export const RESET_SENT = msg("Password reset email sent! Check your inbox.");
export const MAIL_THROTTLED = msg("Too many e-mails were asked for. Please wait an hour and try again.");
export const RESET_LINK_INVALID = msg("This reset link is invalid or has expired. Please request a new one.");
/** Said by the e-mail change link's page as soon as it opens, and by the model when the link is used. */
export const EMAIL_CHANGE_LINK_INVALID = msg(
  "This link is invalid, already used or older than 24 hours. Ask for a new one in Settings.",
);
