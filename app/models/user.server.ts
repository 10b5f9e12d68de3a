import { and, count, eq, isNull } from "drizzle-orm";
import type { AnyDb, Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { profiles, users } from "~/db/schema";
import { hashPassword, spendPasswordCheck, verifyPassword } from "~/lib/auth/password";
import { randomId } from "~/lib/auth/tokens";
import type { Role } from "~/lib/rules/options";
import { spendEmailTokensStatement } from "./email-token.server";

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName: string;
  username?: string | null;
  role?: Role;
  emailVerifiedAt?: number | null;
  /** When the account was made; seed data backdates its people (a trust level counts an account's age, ADR 051). */
  createdAt?: number;
}

/** A user and their profile, as statements for one db.batch(). */
export function newUserStatements(db: AnyDb, user: NewUser) {
  const id = randomId(16);
  // An account made as of another time (seed data) joined then: its profile says the same date as its public page.
  const joined = user.createdAt === undefined ? {} : { createdAt: user.createdAt };
  return {
    id,
    statements: [
      db.insert(users).values({
        id,
        email: user.email.trim().toLowerCase(),
        passwordHash: user.passwordHash,
        role: user.role ?? "user",
        emailVerifiedAt: user.emailVerifiedAt ?? null,
        ...joined,
      }),
      db
        .insert(profiles)
        .values({ userId: id, fullName: user.fullName.trim(), username: user.username ?? null, ...joined }),
    ] as const,
  };
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

/** Creates an account with a password. A taken address raises EmailTakenError (the unique index decides). */
export async function createPasswordUser(
  db: Db,
  input: { email: string; password: string; fullName: string },
): Promise<{ id: string; email: string }> {
  const { id, statements } = newUserStatements(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
  });
  try {
    await db.batch(statements);
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw new EmailTakenError();
    throw error;
  }
  return { id, email: input.email };
}

/**
 * The user with this e-mail and password (and their username, null until the profile is completed), or null.
 * A wrong password, an unknown address and an OAuth-only account all answer null alike, after the same work: an
 * address without a password still costs one password check. An older hash is upgraded on the way in.
 */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string; username: string | null } | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!user?.passwordHash) {
    await spendPasswordCheck(password);
    return null;
  }
  const check = await verifyPassword(password, user.passwordHash);
  if (!check.valid) return null;
  if (check.needsRehash) {
    // Only over the hash just checked: a password reset that lands meanwhile must not be undone by the old one.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return { id: user.id, username: user.username ?? null };
}

/** Who sent something, as the moderation queue names them: the profile's name (null without one) and the address. */
export interface Sender {
  name: string | null;
  email: string;
}

/** Sender's columns, for a select over users joined with profiles. */
export const senderColumns = { name: profiles.fullName, email: users.email };

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user?.id ?? null;
}

/** The address and name a new password must not be (schemas.ts isPersonalPassword), or null. */
export async function findPasswordOwner(db: Db, userId: string) {
  const [owner] = await db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return owner ? { email: owner.email, fullName: owner.fullName ?? "" } : null;
}

/** A new password also spends every reset link still out, so an older, unused link cannot set another one. */
export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, userId)),
    spendEmailTokensStatement(db, userId, "reset"),
  ]);
}

export async function markEmailVerified(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

export async function countMembers(db: Db): Promise<number> {
  // A deleted account stays as a scrubbed row (ADR 021) and is no longer a member.
  const [row] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return row?.n ?? 0;
}
