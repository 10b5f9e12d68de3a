// The account flows (sign up, sign in, password reset, e-mail confirmation), shared by the JSON API and the pages.
import type { Db } from "~/db/client.server";
import { EMAIL_TAKEN, SIGN_IN_FAILED, SIGN_IN_THROTTLED } from "~/lib/auth/messages";
import type { AppConfig } from "~/lib/config.server";
import { consumeEmailToken, createEmailToken } from "./email-token.server";
import { sendMail } from "./mail.server";
import { createSession, forgetCachedSessions, type NewSession, revokeAllSessions } from "./session.server";
import { clearSignInFailures, isSignInBlocked, recordSignInFailure } from "./throttle.server";
import {
  createPasswordUser,
  EmailTakenError,
  findUserIdByEmail,
  markEmailVerified,
  setPassword,
  verifyCredentials,
} from "./user.server";

export interface AccountContext {
  db: Db;
  kv: KVNamespace;
  config: AppConfig;
  /** Origin for links in e-mails: APP_ORIGIN when set, else the request's own. */
  origin: string;
}

export type SignInResult =
  | { ok: true; userId: string; session: NewSession }
  | { ok: false; status: 401 | 429; error: string };

export async function signIn(
  { db, kv }: AccountContext,
  input: { email: string; password: string; ip: string; withRefreshToken?: boolean },
): Promise<SignInResult> {
  if (await isSignInBlocked(kv, input.email, input.ip))
    return { ok: false, status: 429, error: SIGN_IN_THROTTLED };
  const user = await verifyCredentials(db, input.email, input.password);
  if (!user) {
    await recordSignInFailure(kv, input.email, input.ip);
    return { ok: false, status: 401, error: SIGN_IN_FAILED };
  }
  await clearSignInFailures(kv, input.email);
  const session = await createSession(db, user.id, { withRefreshToken: input.withRefreshToken });
  return { ok: true, userId: user.id, session };
}

export type SignUpResult =
  | { ok: true; userId: string; session: NewSession }
  | { ok: false; status: 409; error: string };

/** Creates the account, signs it in, and sends the confirmation link. */
export async function signUp(
  context: AccountContext,
  input: { email: string; password: string; fullName: string; withRefreshToken?: boolean },
): Promise<SignUpResult> {
  let userId: string;
  try {
    userId = (await createPasswordUser(context.db, input)).id;
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, status: 409, error: EMAIL_TAKEN };
    throw error;
  }
  try {
    await sendConfirmation(context, userId, input.email);
  } catch (error) {
    // The account exists either way; the profile page offers to confirm the address later.
    console.error("confirmation e-mail failed", error);
  }
  const session = await createSession(context.db, userId, { withRefreshToken: input.withRefreshToken });
  return { ok: true, userId, session };
}

export async function sendConfirmation(
  { db, config, origin }: AccountContext,
  userId: string,
  email: string,
) {
  const token = await createEmailToken(db, userId, "confirm");
  const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
  await sendMail(db, config, {
    to: email,
    subject: "Confirm your Nukkad account",
    text: `Welcome to Nukkad! Confirm your e-mail address to add stalls:\n\n${link}\n\nThe link is valid for 7 days.`,
    link,
  });
}

export async function confirmEmail({ db, kv }: AccountContext, token: string): Promise<boolean> {
  const userId = await consumeEmailToken(db, token, "confirm");
  if (!userId) return false;
  await markEmailVerified(db, userId);
  await forgetCachedSessions(db, kv, userId);
  return true;
}

/** Sends a reset link when the address has an account. Says nothing either way, so no account is revealed. */
export async function requestPasswordReset(
  { db, config, origin }: AccountContext,
  email: string,
): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return;
  const token = await createEmailToken(db, userId, "reset");
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(db, config, {
    to: email,
    subject: "Reset your Nukkad password",
    text: `Someone asked to reset the password of your Nukkad account. If it was you, choose a new one here:\n\n${link}\n\nThe link works once, within one hour. If it was not you, ignore this e-mail.`,
    link,
  });
}

/** Sets the new password and signs the user out everywhere; false when the link is unknown, used or expired. */
export async function resetPassword(
  { db, kv }: AccountContext,
  token: string,
  password: string,
): Promise<boolean> {
  const userId = await consumeEmailToken(db, token, "reset");
  if (!userId) return false;
  await setPassword(db, userId, password);
  await revokeAllSessions(db, kv, userId);
  return true;
}
