import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { oauthAccounts, users } from "~/db/schema";
import type { OAuthProvider, ProviderProfile } from "~/lib/auth/oauth.server";
import { fullNameSchema } from "~/lib/auth/schemas";
import { ModelError } from "./model-error";
import { revokeAllSessions } from "./session.server";
import { newUserStatements } from "./user.server";

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
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, account.providerUserId)),
    )
    .limit(1);
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
