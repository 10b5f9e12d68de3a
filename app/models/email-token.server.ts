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

/** A token that is known, for this purpose, unused and unexpired. */
async function usable(token: string, purpose: EmailTokenPurpose, now: number) {
  return and(
    eq(emailTokens.tokenHash, await sha256Hex(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** Uses a token once: the user it was made for, or null when unknown, expired, used or for another purpose. */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(await usable(token, purpose, now))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** The user a token was made for, without using it: null when unknown, expired, used or for another purpose. */
export async function findEmailTokenUser(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(await usable(token, purpose, now))
    .limit(1);
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
