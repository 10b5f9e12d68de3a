import { msg } from "~/lib/i18n/translate";

// Adding anything to Nukkad (a stall, a photo, a review, a report, a claim) needs a confirmed e-mail address:
// someone answerable for it. Throwaway accounts could otherwise move ratings and flood the moderators' queues.

export const CONFIRM_EMAIL_FIRST = msg(
  "Please confirm your e-mail address first: open the link we sent to your inbox, or send it again.",
);

export function mayContribute(viewer: { emailVerified: boolean }): boolean {
  return viewer.emailVerified;
}
