// The account flows (sign up, sign in, password reset, e-mail confirmation), shared by the JSON API and the pages.
// None of them tells whether an address has an account: the answer, and the work behind it (a password hash,
// one e-mail), are the same either way.
import type { Db } from "~/db/client.server";
import {
  MAIL_THROTTLED,
  RESET_LINK_INVALID,
  SIGN_IN_FAILED,
  SIGN_IN_THROTTLED,
  SIGN_UP_THROTTLED,
} from "~/lib/auth/messages";
import { isPersonalPassword, PASSWORD_IS_PERSONAL } from "~/lib/auth/schemas";
import type { AppConfig } from "~/lib/http/config.server";
import type { Language } from "~/lib/i18n/languages";
import { createEmailToken, emailTokenUser } from "./email-token.server";
import { recipientTranslator, sendMail } from "./mail.server";
import { ModelError } from "./model-error";
import { createSession, forgetCachedSessions, type NewSession, revokeAllSessions } from "./session.server";
import {
  consumeMail,
  consumeSignInAttempt,
  consumeSignUp,
  forgiveSignInAttempt,
  type Throttle,
} from "./throttle.server";
import {
  createPasswordUser,
  EmailTakenError,
  findPasswordOwner,
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
  /** The request's language: e-mails are written in it unless their recipient's account chose another. */
  language: () => Promise<Language>;
}

/** A throttle past its limit refuses with 429, saying when to try again. */
function refuseIfThrottled(throttle: Throttle, message: string) {
  if (!throttle.allowed)
    throw new ModelError(429, message, { retryAfterSeconds: throttle.retryAfterSeconds });
}

/** Signs in with a password; refuses a wrong one with 401 and too many guesses with 429. */
export async function signIn(
  { db, config }: AccountContext,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent: string | null;
    withRefreshToken?: boolean;
  },
): Promise<{ userId: string; session: NewSession; needsProfile: boolean }> {
  // Counted before the password is checked: a burst of parallel guesses gets only the limit's worth of checks.
  refuseIfThrottled(await consumeSignInAttempt(db, config, input.email, input.ip), SIGN_IN_THROTTLED);
  const user = await verifyCredentials(db, input.email, input.password);
  if (!user) throw new ModelError(401, SIGN_IN_FAILED);
  await forgiveSignInAttempt(db, input.email, input.ip);
  const session = await createSession(db, user.id, {
    withRefreshToken: input.withRefreshToken,
    userAgent: input.userAgent,
  });
  return { userId: user.id, session, needsProfile: user.username === null };
}

/**
 * Creates the account and e-mails its confirmation link; a registered address gets an e-mail saying so instead.
 * Nobody is signed in here, so the answer is the same for both: the person goes on from their inbox.
 */
export async function signUp(
  context: AccountContext,
  input: { email: string; password: string; fullName: string; ip: string },
): Promise<void> {
  refuseIfThrottled(await consumeSignUp(context.db, context.config, input.ip), SIGN_UP_THROTTLED);
  let userId: string | null;
  try {
    userId = (await createPasswordUser(context.db, input)).id;
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    userId = null;
  }
  try {
    if (userId) await sendConfirmation(context, userId, input.email);
    // Repeated sign-ups with someone's address must not become a way to flood their inbox.
    else if ((await consumeMail(context.db, context.config, "registered", input.email, input.ip)).allowed) {
      await sendAlreadyRegistered(context, input.email);
    }
  } catch (error) {
    // The answer stays the same: a new account can sign in and ask for the link again from its profile.
    console.error("sign-up e-mail failed", error);
  }
}

async function sendAlreadyRegistered({ db, config, origin, language }: AccountContext, email: string) {
  const t = await recipientTranslator(db, email, await language());
  const link = `${origin}/auth`;
  await sendMail(db, config, {
    to: email,
    subject: t("You already have a Nukkad account"),
    text: t(
      "Someone tried to create a Nukkad account with this e-mail address, which already has one. If it was you, sign in here:\n\n{link}\n\nForgot your password? Choose a new one at {resetLink}. If it was not you, ignore this e-mail: your account is unchanged.",
      { link, resetLink: `${origin}/forgot-password` },
    ),
    link,
  });
}

export async function sendConfirmation(
  { db, config, origin, language }: AccountContext,
  userId: string,
  email: string,
) {
  const t = await recipientTranslator(db, email, await language());
  const token = await createEmailToken(db, userId, "confirm");
  const link = `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
  await sendMail(db, config, {
    to: email,
    subject: t("Confirm your Nukkad account"),
    text: t(
      "Welcome to Nukkad! Confirm your e-mail address to add stalls:\n\n{link}\n\nThe link is valid for 7 days.",
      { link },
    ),
    link,
  });
}

/** A signed-in user's "send the link again", limited per address and per IP like reset links. */
export async function resendConfirmation(
  context: AccountContext,
  user: { id: string; email: string },
  ip: string,
): Promise<void> {
  refuseIfThrottled(await consumeMail(context.db, context.config, "confirm", user.email, ip), MAIL_THROTTLED);
  await sendConfirmation(context, user.id, user.email);
}

export async function confirmEmail({ db, kv }: AccountContext, token: string): Promise<boolean> {
  const userId = await emailTokenUser(db, token, "confirm", { spend: true });
  if (!userId) return false;
  await markEmailVerified(db, userId);
  await forgetCachedSessions(db, kv, userId);
  return true;
}

/**
 * E-mails a reset link to an account's address, or a note that no account uses the address: one e-mail either
 * way, and the same answer, so no account is revealed. Limited per address and per IP.
 */
export async function requestPasswordReset(
  { db, config, origin, language }: AccountContext,
  email: string,
  ip: string,
): Promise<void> {
  refuseIfThrottled(await consumeMail(db, config, "reset", email, ip), MAIL_THROTTLED);
  const t = await recipientTranslator(db, email, await language());
  const userId = await findUserIdByEmail(db, email);
  if (!userId) {
    await sendMail(db, config, {
      to: email,
      subject: t("Reset your Nukkad password"),
      text: t(
        "Someone asked to reset the password of a Nukkad account with this e-mail address, but no account uses it. If it was you, you may have signed up with another address, or you can create an account at {signUpLink}. If it was not you, ignore this e-mail.",
        { signUpLink: `${origin}/auth?mode=signup` },
      ),
    });
    return;
  }
  const token = await createEmailToken(db, userId, "reset");
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(db, config, {
    to: email,
    subject: t("Reset your Nukkad password"),
    text: t(
      "Someone asked to reset the password of your Nukkad account. If it was you, choose a new one here:\n\n{link}\n\nThe link works once, within one hour. If it was not you, ignore this e-mail.",
      { link },
    ),
    link,
  });
}

/**
 * Sets the new password, spends every reset link of the user and signs them out everywhere. The link is checked
 * first and used last, so a password refused for being the person's own address or name leaves it working.
 */
export async function resetPassword(
  { db, kv }: AccountContext,
  token: string,
  password: string,
): Promise<void> {
  const owner = await emailTokenUser(db, token, "reset", { spend: false });
  const person = owner ? await findPasswordOwner(db, owner) : null;
  if (!person) throw new ModelError(400, RESET_LINK_INVALID);
  if (isPersonalPassword(password, person))
    throw new ModelError(400, PASSWORD_IS_PERSONAL, { field: "password" });
  const userId = await emailTokenUser(db, token, "reset", { spend: true });
  if (!userId) throw new ModelError(400, RESET_LINK_INVALID);
  await setPassword(db, userId, password);
  await revokeAllSessions(db, kv, userId);
}
