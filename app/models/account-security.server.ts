// Settings > Account's security flows: change the password, change the e-mail address, the profile picture. Each
// proves the person first (the current password where the account has one) and tells the account's address.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { emailChanges, photos, profiles, users } from "~/db/schema";
import { isCommonPassword } from "~/lib/auth/common-passwords.server";
import { EMAIL_CHANGE_LINK_INVALID, MAIL_THROTTLED } from "~/lib/auth/messages";
import { verifyPassword } from "~/lib/auth/password";
import { isPersonalPassword, PASSWORD_IS_PERSONAL } from "~/lib/auth/schemas";
import { PASSWORD_IS_COMMON } from "~/lib/auth/schemas.server";
import { randomId, randomToken, sha256Hex } from "~/lib/auth/tokens";
import { stripImageMetadata } from "~/lib/http/image-metadata";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { msg } from "~/lib/i18n/translate";
import { CURRENT_PASSWORD_REQUIRED } from "~/lib/schemas/account";
import type { AccountContext } from "./account.server";
import { spendEmailTokensStatement } from "./email-token.server";
import { recipientTranslator, sendMail } from "./mail.server";
import { ModelError } from "./model-error";
import type { PhotoUpload } from "./photo.server";
import { syncPostAuthor } from "./post/post.server";
import { consumeRateLimit, DAY_MS, dailyLimit, resetRateLimit } from "./rate-limit.server";
import { forgetCachedSessions, revokeAllSessions, revokeOtherSessions } from "./session.server";
import { MAIL_LIMITS } from "./throttle.server";
import { findPasswordOwner, setPassword } from "./user.server";

export const WRONG_CURRENT_PASSWORD = msg("Your current password is not correct");
export const PASSWORD_CHECKS_THROTTLED = msg(
  "Too many wrong passwords. Please wait 15 minutes and try again.",
);
/** A stolen session alone must not add a password (a way in that outlives signing out): the inbox decides. */
export const NO_PASSWORD_YET = msg("Your account has no password yet. Ask for a link by e-mail to set one.");
export const PASSWORD_CHANGED = msg("Password changed. Every other session was signed out.");
export const EMAIL_CHANGE_SENT = msg(
  "Check your new inbox: the change happens when you open the link we sent there.",
);
export const SAME_EMAIL = msg("This is already your e-mail address");
export const EMAIL_TAKEN_NOW = msg(
  "Another account uses this e-mail address now, so it cannot be yours. Choose another in Settings.",
);
export const DAILY_AVATAR_LIMIT = dailyLimit(
  20,
  msg("You can change your picture up to 20 times a day. Please try again tomorrow."),
);

/** Wrong current passwords per account: the sign-in limit, so a stolen session guesses no faster than a stranger. */
const PASSWORD_CHECK_LIMIT = { limit: 5, windowSeconds: 15 * 60 };
export const EMAIL_CHANGE_TTL_MS = DAY_MS;

const passwordCheckKey = (userId: string) => `password-check:${userId}`;

async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash ?? null;
}

/**
 * Checks the account's current password, refusing a wrong one beside the `current_password` field. Guesses are
 * counted before the check (a burst of parallel ones gets only the limit's worth) and forgiven by a right one.
 */
async function checkCurrentPassword(db: Db, userId: string, passwordHash: string, password: string) {
  const throttle = await consumeRateLimit(db, passwordCheckKey(userId), PASSWORD_CHECK_LIMIT);
  if (!throttle.allowed) {
    throw new ModelError(429, PASSWORD_CHECKS_THROTTLED, {
      field: "current_password",
      retryAfterSeconds: throttle.retryAfterSeconds,
    });
  }
  if (!(await verifyPassword(password, passwordHash)).valid)
    throw new ModelError(400, WRONG_CURRENT_PASSWORD, { field: "current_password" });
  await resetRateLimit(db, passwordCheckKey(userId));
}

/** What Settings > Account shows of the account's security: whether it has a password, a change under way. */
export async function accountSecurity(db: Db, userId: string, now = Date.now()) {
  const [pending] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(pendingChangesOf(userId, now))
    .limit(1);
  return { hasPassword: (await passwordHashOf(db, userId)) !== null, pendingEmail: pending ?? null };
}

const pendingChangesOf = (userId: string, now: number) =>
  and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now));

/**
 * Sets a new password after checking the current one, ends every other session (the asking one, `keepToken`,
 * stays) and tells the account's address. The new password meets the sign-up rules: not the person's address or
 * name, not a common password. An account without a password is refused: it gets one through a reset link.
 */
export async function changePassword(
  context: AccountContext,
  { userId, keepToken }: { userId: string; keepToken: string },
  input: { current_password: string; new_password: string },
): Promise<void> {
  const { db, kv } = context;
  const passwordHash = await passwordHashOf(db, userId);
  if (!passwordHash) throw new ModelError(409, NO_PASSWORD_YET);
  await checkCurrentPassword(db, userId, passwordHash, input.current_password);
  const person = await findPasswordOwner(db, userId);
  if (!person) throw new ModelError(404, "Account not found");
  if (isPersonalPassword(input.new_password, person))
    throw new ModelError(400, PASSWORD_IS_PERSONAL, { field: "new_password" });
  if (await isCommonPassword(input.new_password))
    throw new ModelError(400, PASSWORD_IS_COMMON, { field: "new_password" });
  await setPassword(db, userId, input.new_password);
  await revokeOtherSessions(db, kv, userId, keepToken);
  try {
    await sendPasswordChanged(context, person.email);
  } catch (error) {
    // The password is changed either way; the person saw it happen on their screen.
    console.error("password-changed e-mail failed", error);
  }
}

async function sendPasswordChanged({ db, config, origin, language }: AccountContext, email: string) {
  const t = await recipientTranslator(db, email, await language());
  const link = `${origin}/forgot-password`;
  await sendMail(db, config, {
    to: email,
    subject: t("Your password was changed"),
    text: t(
      "The password of your Nukkad account was just changed, and every other device was signed out.\n\nIf it was you, there is nothing to do. If it was not you, choose a new password now:\n\n{link}",
      { link },
    ),
    link,
  });
}

/**
 * Starts moving the account to `newEmail`: a link to the new address (which proves it is the person's) and a note
 * to the current one (so a stranger with a session cannot move the account quietly). The current password is
 * needed when the account has one. A newer request replaces an older one still pending.
 *
 * An address another account already uses is answered exactly like a free one (no account is revealed, as at
 * sign-up, ADR 011): its owner gets a note instead of a link, and the switch would be refused anyway.
 */
export async function requestEmailChange(
  context: AccountContext,
  user: { id: string; email: string },
  input: { new_email: string; current_password?: string },
  now = Date.now(),
): Promise<void> {
  const { db } = context;
  if (input.new_email === user.email) throw new ModelError(400, SAME_EMAIL, { field: "new_email" });
  const passwordHash = await passwordHashOf(db, user.id);
  if (passwordHash) {
    if (!input.current_password) {
      throw new ModelError(400, CURRENT_PASSWORD_REQUIRED, { field: "current_password" });
    }
    await checkCurrentPassword(db, user.id, passwordHash, input.current_password);
  }
  for (const [key, limit] of [
    [`mail:email-change:user:${user.id}`, MAIL_LIMITS.address],
    [`mail:email-change:address:${input.new_email}`, MAIL_LIMITS.address],
  ] as const) {
    const throttle = await consumeRateLimit(db, key, limit, now);
    if (!throttle.allowed) {
      throw new ModelError(429, MAIL_THROTTLED, { retryAfterSeconds: throttle.retryAfterSeconds });
    }
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.new_email))
    .limit(1);
  if (taken) {
    await sendAddressTaken(context, input.new_email);
  } else {
    const token = randomToken();
    await db.batch([
      db.update(emailChanges).set({ usedAt: now }).where(pendingChangesOf(user.id, now)),
      db.insert(emailChanges).values({
        tokenHash: await sha256Hex(token),
        userId: user.id,
        newEmail: input.new_email,
        expiresAt: now + EMAIL_CHANGE_TTL_MS,
        createdAt: now,
      }),
    ]);
    await sendEmailChangeLink(context, input.new_email, token);
  }
  await sendEmailChangeNotice(context, user.email, input.new_email);
}

async function sendEmailChangeLink(
  { db, config, origin, language }: AccountContext,
  newEmail: string,
  token: string,
) {
  const t = await recipientTranslator(db, newEmail, await language());
  const link = `${origin}/confirm-email-change?token=${encodeURIComponent(token)}`;
  await sendMail(db, config, {
    to: newEmail,
    subject: t("Confirm your new e-mail address"),
    text: t(
      "Someone asked to use this address for their Nukkad account. If it was you, confirm it here:\n\n{link}\n\nThe link is valid for 24 hours. If it was not you, ignore this e-mail: nothing changes.",
      { link },
    ),
    link,
  });
}

async function sendAddressTaken({ db, config, origin, language }: AccountContext, newEmail: string) {
  const t = await recipientTranslator(db, newEmail, await language());
  const link = `${origin}/settings/account`;
  await sendMail(db, config, {
    to: newEmail,
    subject: t("Confirm your new e-mail address"),
    text: t(
      "Someone asked to move a Nukkad account to this address, but another Nukkad account already uses it, so nothing changes. If it was you, choose another address in Settings:\n\n{link}\n\nIf it was not you, ignore this e-mail.",
      { link },
    ),
  });
}

async function sendEmailChangeNotice(
  { db, config, origin, language }: AccountContext,
  oldEmail: string,
  newEmail: string,
) {
  const t = await recipientTranslator(db, oldEmail, await language());
  const link = `${origin}/settings/account`;
  await sendMail(db, config, {
    to: oldEmail,
    subject: t("Your Nukkad e-mail address is being changed"),
    text: t(
      "Someone asked to change the e-mail address of your Nukkad account to {newEmail}. It changes only when the link sent to that address is opened.\n\nIf it was not you, cancel the change and sign out the other sessions in Settings, and change your password:\n\n{link}",
      { newEmail, link },
    ),
    link,
  });
}

export async function cancelEmailChange(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.update(emailChanges).set({ usedAt: now }).where(pendingChangesOf(userId, now));
}

/** Where an e-mail change link stands, and the address it moves to, without using it. */
export async function emailChangeState(db: Db, token: string, now = Date.now()) {
  const [row] = await db
    .select({
      newEmail: emailChanges.newEmail,
      usedAt: emailChanges.usedAt,
      expiresAt: emailChanges.expiresAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row || row.usedAt !== null || row.expiresAt <= now) return null;
  return { newEmail: row.newEmail };
}

/**
 * Moves the account to the link's address, confirmed by the click, in one batch with the link spent and every
 * reset or confirmation link of the old address spent (the old inbox must not reset the password any more). An
 * address another account took meanwhile is refused (the unique index decides). Then the other sessions end:
 * all of them, unless the click came from a session of this account (`signedIn`), which stays.
 */
export async function confirmEmailChange(
  { db, kv }: AccountContext,
  token: string,
  signedIn: { userId: string; token: string } | null,
  now = Date.now(),
): Promise<{ email: string }> {
  const tokenHash = await sha256Hex(token);
  const [change] = await db
    .select({ userId: emailChanges.userId, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .limit(1);
  if (!change) throw new ModelError(400, EMAIL_CHANGE_LINK_INVALID);
  try {
    await db.batch([
      db
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: now })
        .where(eq(users.id, change.userId)),
      db.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.tokenHash, tokenHash)),
      spendEmailTokensStatement(db, change.userId, "reset", now),
      spendEmailTokensStatement(db, change.userId, "confirm", now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new ModelError(409, EMAIL_TAKEN_NOW);
    throw error;
  }
  if (signedIn?.userId === change.userId) {
    await revokeOtherSessions(db, kv, change.userId, signedIn.token);
    await forgetCachedSessions(db, kv, change.userId);
  } else {
    await revokeAllSessions(db, kv, change.userId);
  }
  return { email: change.newEmail };
}

/**
 * Stores an uploaded picture (checked and read by readPhotoUpload, stripped of its metadata like a stall photo) as
 * the profile's avatar, under a new random key served from /photos/<key>. Avatars have no `photos` row: those rows
 * are stall photos, and the hourly clean-up deletes the ones no stall took. The picture it replaces is deleted.
 */
export async function setAvatar(
  db: Db,
  kv: KVNamespace,
  bucket: R2Bucket,
  userId: string,
  { bytes, type }: Pick<PhotoUpload, "bytes" | "type">,
): Promise<string> {
  const throttle = await consumeRateLimit(db, `avatar:${userId}`, {
    limit: DAILY_AVATAR_LIMIT.limit,
    windowSeconds: DAY_MS / 1000,
  });
  if (!throttle.allowed) {
    throw new ModelError(429, DAILY_AVATAR_LIMIT.message, {
      field: "image",
      retryAfterSeconds: throttle.retryAfterSeconds,
    });
  }
  const key = `${randomId(24)}.${type.extension}`;
  await bucket.put(key, stripImageMetadata(new Uint8Array(bytes), type.extension), {
    httpMetadata: { contentType: type.contentType },
  });
  const url = photoUrl(key);
  let previous: string | null;
  try {
    previous = await replaceAvatarUrl(db, userId, url);
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  await forgetCachedSessions(db, kv, userId);
  await deleteAvatarObject(db, bucket, previous);
  return url;
}

/** Takes the picture off the profile (initials show again) and deletes it when it was an upload. */
export async function removeAvatar(db: Db, kv: KVNamespace, bucket: R2Bucket, userId: string) {
  const previous = await replaceAvatarUrl(db, userId, null);
  await forgetCachedSessions(db, kv, userId);
  await deleteAvatarObject(db, bucket, previous);
}

async function replaceAvatarUrl(db: Db, userId: string, url: string | null): Promise<string | null> {
  const [before] = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  // The posts show the new picture from the same transaction (ADR 025).
  await db.batch([
    db.update(profiles).set({ avatarUrl: url, updatedAt: Date.now() }).where(eq(profiles.userId, userId)),
    syncPostAuthor(db, userId),
  ]);
  return before?.avatarUrl ?? null;
}

/** Deletes an uploaded avatar's object: a /photos/ path that no stall photo's row names (an http(s) avatar is
 * someone else's file, and a stall photo is never an avatar's to delete). */
async function deleteAvatarObject(db: Db, bucket: R2Bucket, url: string | null) {
  const key = url ? photoKeyFromUrl(url) : null;
  if (!key) return;
  const [stallPhoto] = await db.select({ key: photos.key }).from(photos).where(eq(photos.key, key)).limit(1);
  if (!stallPhoto) await bucket.delete(key);
}
