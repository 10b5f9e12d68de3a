import { count } from "drizzle-orm";
import type { AnyDb, Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import type { Role } from "~/lib/options";

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName: string;
  username?: string | null;
  role?: Role;
  emailVerifiedAt?: number | null;
}

/** A user and their profile, as statements for one db.batch(). */
export function newUserStatements(db: AnyDb, user: NewUser) {
  const id = randomId(16);
  return {
    id,
    statements: [
      db.insert(users).values({
        id,
        email: user.email.trim().toLowerCase(),
        passwordHash: user.passwordHash,
        role: user.role ?? "user",
        emailVerifiedAt: user.emailVerifiedAt ?? null,
      }),
      db
        .insert(profiles)
        .values({ userId: id, fullName: user.fullName.trim(), username: user.username ?? null }),
    ] as const,
  };
}

export async function countMembers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
