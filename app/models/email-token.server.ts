import { and, eq, gt, isNull } from "drizzle-orm";
import type { AnyDb, Db } from "~/db/client.server";
import { type EmailTokenPurpose, emailTokens } from "~/db/schema";
import { randomToken, sha256Hex } from "~/lib/auth/tokens";

const HOUR_MS = 60 * 60 * 1000;
/** Reset links are valid one hour; confirmation links a week. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  reset: HOUR_MS,
  confirm: 7 * 24 * HOUR_MS,
};

export async function createEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, now = Date.now()) {
  const token = randomToken();
  await db.insert(emailTokens).values({
    tokenHash: await sha256Hex(token),
    userId,
    purpose,
    expiresAt: now + EMAIL_TOKEN_TTL_MS[purpose],
    createdAt: now,
  });
  return token;
}

/**
 * The user a token was made for, or null when it is unknown, expired, used or for another purpose. `spend` uses it
 * in the same statement, so one link cannot be used twice; without it a page can check a link and use it later.
 */
export async function emailTokenUser(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  { spend }: { spend: boolean },
  now = Date.now(),
): Promise<string | null> {
  const usable = and(
    eq(emailTokens.tokenHash, await sha256Hex(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
  const owner = { userId: emailTokens.userId };
  const [row] = spend
    ? await db.update(emailTokens).set({ usedAt: now }).where(usable).returning(owner)
    : await db.select(owner).from(emailTokens).where(usable).limit(1);
  return row?.userId ?? null;
}

/** Where a link's token stands: spent by its use (or by a later reset), past its hour or week, or never made. */
export type EmailTokenState = "usable" | "used" | "expired" | "unknown";

/** What a token is now, without using it: a page says at once why its link will not work. */
export async function emailTokenState(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<EmailTokenState> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, await sha256Hex(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return "unknown";
  if (row.usedAt !== null) return "used";
  return row.expiresAt > now ? "usable" : "expired";
}

/** Marks every unused token of a user for `purpose` as used, as a statement for a db.batch(). */
export function spendEmailTokensStatement(
  db: AnyDb,
  userId: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
) {
  return db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
