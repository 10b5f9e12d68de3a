import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { oauthAccounts, users } from "~/db/schema";
import type { OAuthProvider, ProviderProfile } from "~/lib/auth/oauth.server";
import { fullNameSchema } from "~/lib/auth/schemas";
import { msg } from "~/lib/i18n/translate";
import { ModelError } from "./model-error";
import { revokeAllSessions } from "./session.server";
import { newUserStatements } from "./user.server";

/** The Nukkad account a provider's account is linked to, if any. */
async function linkedAccount(db: Db, provider: OAuthProvider, providerUserId: string) {
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return linked;
}

/**
 * The Nukkad user for a provider account: the one already linked; else the account with the same e-mail, linked
 * now, but only when the provider has verified that e-mail (otherwise anyone could claim an address); else a new
 * user, whose profile the person completes next. A provider account without an e-mail address, or one whose
 * address belongs to an account here but is not verified by the provider, is refused (403).
 *
 * Linking to an account whose address was never confirmed hands it to the provider-proven owner: its password
 * and sessions may be a stranger's who signed up with that address first, so both go, and the address counts as
 * confirmed.
 */
export async function signInWithProvider(
  db: Db,
  kv: KVNamespace,
  provider: OAuthProvider,
  account: ProviderProfile,
): Promise<{ userId: string; created: boolean }> {
  const linked = await linkedAccount(db, provider, account.providerUserId);
  if (linked) return { userId: linked.userId, created: false };
  if (!account.email) throw new ModelError(403, "Your account has no e-mail address Nukkad can use.");

  const [existing] = await db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, account.email))
    .limit(1);
  if (existing) {
    if (!account.emailVerified) {
      throw new ModelError(
        403,
        "Sign in with your password first: this e-mail is not verified by the provider.",
      );
    }
    const link = db
      .insert(oauthAccounts)
      .values({ provider, providerUserId: account.providerUserId, userId: existing.id });
    if (existing.emailVerifiedAt === null) {
      // The password goes first, so no new session can start from it once the old ones are ended.
      await db.batch([
        db
          .update(users)
          .set({ passwordHash: null, emailVerifiedAt: Date.now() })
          .where(eq(users.id, existing.id)),
        link,
      ]);
      await revokeAllSessions(db, kv, existing.id);
    } else {
      await link;
    }
    return { userId: existing.id, created: false };
  }

  const { id, statements } = newUserStatements(db, {
    email: account.email,
    passwordHash: null,
    // A provider's display name is whatever its user typed: it meets the same rule as a name typed here.
    fullName: fullNameSchema.catch("Nukkad foodie").parse(account.name),
    emailVerifiedAt: account.emailVerified ? Date.now() : null,
  });
  await db.batch([
    ...statements,
    db.insert(oauthAccounts).values({ provider, providerUserId: account.providerUserId, userId: id }),
  ]);
  return { userId: id, created: true };
}

/** The providers' names as people know them. */
export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

/** The provider accounts linked to a user, oldest first. */
export async function listLinkedProviders(db: Db, userId: string) {
  return db
    .select({ provider: oauthAccounts.provider, linkedAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.createdAt);
}

/**
 * Links a provider account to the signed-in user (Settings > Account's "Link"), whatever e-mail the provider
 * knows: the person proved both sides, the session here and the sign-in there. One account per provider; a
 * provider account already linked to someone else stays theirs.
 */
export async function linkProvider(
  db: Db,
  userId: string,
  provider: OAuthProvider,
  account: ProviderProfile,
): Promise<void> {
  const name = PROVIDER_NAMES[provider];
  const linkedElsewhere = new ModelError(
    409,
    msg("This {name} account is already linked to another Nukkad account.", { name }),
  );
  const linked = await linkedAccount(db, provider, account.providerUserId);
  if (linked?.userId === userId) return;
  if (linked) throw linkedElsewhere;
  const [own] = await db
    .select({ providerUserId: oauthAccounts.providerUserId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.userId, userId)))
    .limit(1);
  if (own) {
    throw new ModelError(
      409,
      msg("Another {name} account is linked already. Unlink it first to link this one.", { name }),
    );
  }
  try {
    await db.insert(oauthAccounts).values({ provider, providerUserId: account.providerUserId, userId });
  } catch (error) {
    if (isUniqueViolation(error, "oauth_accounts.provider")) throw linkedElsewhere;
    throw error;
  }
}

/**
 * Unlinks a provider, unless it is the last way to sign in (no password and no other provider): refused with 409.
 * The rule sits in the DELETE itself, so two unlinks at once cannot both pass it.
 */
export async function unlinkProvider(db: Db, userId: string, provider: OAuthProvider): Promise<void> {
  const name = PROVIDER_NAMES[provider];
  const otherWay = sql`(EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.passwordHash} IS NOT NULL)
    OR EXISTS (SELECT 1 FROM oauth_accounts other WHERE other.user_id = ${userId} AND other.provider <> ${provider}))`;
  const removed = await db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider), otherWay))
    .returning({ provider: oauthAccounts.provider });
  if (removed.length > 0) return;
  const [linked] = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .limit(1);
  if (!linked) throw new ModelError(404, msg("No {name} account is linked.", { name }));
  throw new ModelError(
    409,
    msg("{name} is your only way to sign in. Set a password or link another account before unlinking it.", {
      name,
    }),
  );
}
