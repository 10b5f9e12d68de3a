import { and, eq, inArray, or, sql } from "drizzle-orm";
import {
  contactMessages,
  emailChanges,
  emailTokens,
  favourites,
  follows,
  idempotencyKeys,
  newsletterSubscriptions,
  notifications,
  oauthAccounts,
  profiles,
  pushSubscriptions,
  reels,
  sessions,
  stallClaims,
  trailSaves,
  trails,
  users,
} from "~/db/schema";
import { msg } from "~/lib/i18n/translate";
import { DELETED_USER_NAME } from "~/lib/rules/deleted-user";
import type { AccountContext } from "~/models/account.server";
import { removeAvatar } from "~/models/account-security.server";
import { recipientTranslator, sendMail } from "~/models/mail.server";
import { deleteMedia } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import { forgetAccountEntries, syncPostAuthor } from "~/models/post/post.server";
import { forgetCachedSessions } from "~/models/session.server";

// Deleting an account (issue 22, ADR 021): the person's own rows go; what they gave the community (stalls, public
// reviews, public trails) stays, under a tombstone users row that holds nothing personal and shows as
// 'Deleted user'.

/** The address a tombstone keeps: unique (users.email is), personal to nobody, and undeliverable (RFC 2606). */
export const tombstoneEmail = (userId: string) => `deleted-${userId.toLowerCase()}@deleted.invalid`;

export const TYPE_USERNAME = msg("Type your username exactly to confirm.");
export const TYPE_EMAIL = msg("Type your e-mail address exactly to confirm.");

/** What the person must type to delete their account: the username, or the e-mail address without one. */
export async function deletionConfirmation(
  db: AccountContext["db"],
  userId: string,
): Promise<{ kind: "username" | "email"; value: string; email: string } | null> {
  const [row] = await db
    .select({ email: users.email, username: profiles.username })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), sql`${users.deletedAt} IS NULL`))
    .limit(1);
  if (!row) return null;
  return row.username
    ? { kind: "username", value: row.username, email: row.email }
    : { kind: "email", value: row.email, email: row.email };
}

async function sendDeletionMail(context: AccountContext, email: string) {
  const t = await recipientTranslator(context.db, email, await context.language());
  await sendMail(context.db, context.config, {
    to: email,
    subject: t("Your Nukkad account was deleted"),
    text: t(
      "Your Nukkad account was deleted, as you asked. Your profile, sign-in sessions, favourites with their notes, notifications and private trails are gone. The stalls you added, your public reviews and your public trails stay on Nukkad under 'Deleted user', with nothing that names you.\n\nThis was the last e-mail from Nukkad to this address. If you did not ask for this, write to us through {contactLink}.",
      { contactLink: `${context.origin}/contact` },
    ),
  });
}

/**
 * Deletes the signed-in person's account once they typed its username (or e-mail address without one) in
 * `confirm`. The confirmation e-mail goes to the address first (it is gone afterwards); then one batch, so one
 * transaction, removes every personal row and scrubs the users and profiles rows into a tombstone. The account
 * can never sign in again: no password, no linked provider, no session, and an address nobody can own.
 */
export async function deleteAccount(
  context: AccountContext & { photos: R2Bucket },
  userId: string,
  confirm: string,
): Promise<void> {
  const { db, kv, photos } = context;
  const expected = await deletionConfirmation(db, userId);
  if (!expected) throw new ModelError(401, "Please log in first!");
  if (confirm.trim().toLowerCase() !== expected.value.toLowerCase())
    throw new ModelError(400, expected.kind === "username" ? TYPE_USERNAME : TYPE_EMAIL, {
      field: "confirm",
    });
  const { email } = expected;

  try {
    await sendDeletionMail(context, email);
  } catch (error) {
    // The person asked for erasure: a mail provider's outage must not keep their data.
    console.error("account deletion e-mail failed", error);
  }
  // An uploaded picture is personal data too: its R2 object goes (removeAvatar also forgets the cached sessions).
  await removeAvatar(db, kv, photos, userId);
  // The KV copies of the sessions go before their D1 rows, which name the keys (ADR 003).
  await forgetCachedSessions(db, kv, userId);

  const now = Date.now();
  const savedTrails = db
    .select({ id: trailSaves.trailId })
    .from(trailSaves)
    .where(eq(trailSaves.userId, userId));
  const [reelsGone] = await db.batch([
    // Reels show the person (their face, their voice): they go, row and R2 objects, unlike posts and reviews.
    db
      .delete(reels)
      .where(eq(reels.userId, userId))
      .returning({ videoKey: reels.videoKey, posterKey: reels.posterKey }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(favourites).where(eq(favourites.userId, userId)),
    db.delete(notifications).where(eq(notifications.userId, userId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    db.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    db.delete(emailChanges).where(eq(emailChanges.userId, userId)),
    db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
    // A claim holds the claimant's name and phone number; an approved one already made them the stall's owner.
    db.delete(stallClaims).where(eq(stallClaims.userId, userId)),
    db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    db
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email))),
    // Private trails exist for their author only (their stops and saves go with them); public ones stay.
    db.delete(trails).where(and(eq(trails.authorId, userId), sql`${trails.visibility} = 'private'`)),
    // The counts of the trails they saved are recomputed without them, as every save does (food-trail/write).
    db
      .update(trails)
      .set({
        savesCount: sql`(SELECT count(*) FROM ${trailSaves} WHERE ${trailSaves.trailId} = ${trails.id} AND ${trailSaves.userId} <> ${userId})`,
      })
      .where(inArray(trails.id, savedTrails)),
    db.delete(trailSaves).where(eq(trailSaves.userId, userId)),
    // Follows both ways: a deleted account follows nobody and is nobody's to follow, so counts stay real.
    db.delete(follows).where(eq(follows.followerId, userId)),
    db.delete(follows).where(eq(follows.followeeId, userId)),
    // The users row stays as a tombstone, so nothing cascades: its Following and its posts in others' go here.
    ...forgetAccountEntries(db, userId),
    db
      .update(profiles)
      .set({
        fullName: DELETED_USER_NAME,
        username: null,
        avatarUrl: null,
        bio: null,
        location: null,
        phone: null,
        dateOfBirth: null,
        foodPreferences: [],
        gender: null,
        gpsCoordinates: "",
        language: null,
        homeCity: null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId)),
    // The posts that stay show the scrubbed name, no username and no avatar (ADR 025).
    syncPostAuthor(db, userId),
    db
      .update(users)
      .set({
        email: tombstoneEmail(userId),
        passwordHash: null,
        emailVerifiedAt: null,
        role: "user",
        deletedAt: now,
      })
      .where(eq(users.id, userId)),
  ]);
  // After the rows: a reel is never shown without its bytes. The keys came back from the delete itself.
  await deleteMedia(
    photos,
    reelsGone.flatMap((reel) => [reel.videoKey, reel.posterKey]),
  );
}
