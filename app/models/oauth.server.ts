import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { oauthAccounts, users } from "~/db/schema";
import type { OAuthProvider, ProviderProfile } from "~/lib/auth/oauth.server";
import { newUserStatements } from "./user.server";

export type OAuthSignIn = { userId: string; created: boolean } | { error: string };

/**
 * The Nukkad user for a provider account: the one already linked; else the account with the same e-mail, linked
 * now, but only when the provider has verified that e-mail (otherwise anyone could claim an address); else a new
 * user, whose profile the person completes next.
 */
export async function signInWithProvider(
  db: Db,
  provider: OAuthProvider,
  account: ProviderProfile,
): Promise<OAuthSignIn> {
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, account.providerUserId)),
    )
    .limit(1);
  if (linked) return { userId: linked.userId, created: false };
  if (!account.email) return { error: "Your account has no e-mail address Nukkad can use." };

  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email))
    .limit(1);
  if (existing) {
    if (!account.emailVerified) {
      return { error: "Sign in with your password first: this e-mail is not verified by the provider." };
    }
    await db
      .insert(oauthAccounts)
      .values({ provider, providerUserId: account.providerUserId, userId: existing.id });
    return { userId: existing.id, created: false };
  }

  const { id, statements } = newUserStatements(db, {
    email: account.email,
    passwordHash: null,
    fullName: account.name.length >= 2 ? account.name : "Nukkad foodie",
    emailVerifiedAt: account.emailVerified ? Date.now() : null,
  });
  await db.batch([
    ...statements,
    db.insert(oauthAccounts).values({ provider, providerUserId: account.providerUserId, userId: id }),
  ]);
  return { userId: id, created: true };
}
