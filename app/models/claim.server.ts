// "Claim This Stall": an owner asks to be recorded; a moderator's approval verifies the stall and sets its owner.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { profiles, stallClaims, stalls, users } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import { ModelError } from "./model-error";
import { ALREADY_DECIDED, stillPending } from "./moderation.server";
import { notice, refreshUnreadCounts } from "./notification/notification.server";
import { translatorOfPerson } from "./person.server";
import { type QueuePage, readQueuePage, stallMatches } from "./queue.server";
import { type Sender, senderColumns } from "./user.server";

export const CLAIM_PENDING = "You have already asked to claim this stall. A moderator will look at it soon.";
export const STALL_OWNED = "This stall is already verified and has an owner.";

/** Records a claim; an owned stall, or a second claim by the same person, is refused with 409. */
export async function createStallClaim(
  db: Db,
  stall: { id: number; isVerified: boolean; ownerId: string | null },
  claim: { userId: string; name: string; phone: string; reason: string },
): Promise<void> {
  if (stall.isVerified && stall.ownerId) throw new ModelError(409, STALL_OWNED);
  try {
    await db.insert(stallClaims).values({ stallId: stall.id, ...claim });
  } catch (error) {
    if (isUniqueViolation(error, "stall_claims.stall_id")) throw new ModelError(409, CLAIM_PENDING);
    throw error;
  }
}

export interface PendingClaim {
  id: number;
  name: string;
  phone: string;
  reason: string;
  created_at: number;
  stall: { id: string; name: string; is_verified: boolean };
  claimant: Sender;
}

export const CLAIM_PAGE_SIZE = 20;

/** Claims waiting for a moderator, a page at a time. */
export async function listPendingClaims(
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<PendingClaim>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    CLAIM_PAGE_SIZE,
    { at: stallClaims.createdAt, id: stallClaims.id },
    ({ bound, orderBy, limit }) =>
      db
        .select({
          id: stallClaims.id,
          name: stallClaims.name,
          phone: stallClaims.phone,
          reason: stallClaims.reason,
          created_at: stallClaims.createdAt,
          stall: { id: stalls.shopUniqueId, name: stalls.name, is_verified: stalls.isVerified },
          claimant: senderColumns,
        })
        .from(stallClaims)
        .innerJoin(stalls, eq(stalls.id, stallClaims.stallId))
        .innerJoin(users, eq(users.id, stallClaims.userId))
        .leftJoin(profiles, eq(profiles.userId, stallClaims.userId))
        .where(and(eq(stallClaims.status, "pending"), stallMatches(query.q), bound))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.created_at, id: row.id }),
  );
  return { items: rows, previous, next };
}

/**
 * Approves or rejects a pending claim, answering the stall's name. Approval verifies the stall, records the claimant
 * as its owner and turns down the stall's other pending claims, all in one batch that changes nothing unless this
 * claim was still pending: a claim already decided is refused with 409, one that does not exist with 404. The
 * claimant is told in their language, in the same batch and only when it decided the claim; the people whose claims
 * it turned down are told right after.
 */
export async function decideClaim(
  db: Db,
  kv: KVNamespace,
  claimId: number,
  { approve, moderatorId }: { approve: boolean; moderatorId: string },
): Promise<{ name: string }> {
  const [row] = await db
    .select({
      stallId: stallClaims.stallId,
      userId: stallClaims.userId,
      status: stallClaims.status,
      name: stalls.name,
      shopUniqueId: stalls.shopUniqueId,
      language: profiles.language,
    })
    .from(stallClaims)
    .innerJoin(stalls, eq(stalls.id, stallClaims.stallId))
    .leftJoin(profiles, eq(profiles.userId, stallClaims.userId))
    .where(eq(stallClaims.id, claimId))
    .limit(1);
  const claim = stillPending(row, "Claim not found");
  const now = Date.now();
  const t = translatorFor(isLanguage(claim.language) ? claim.language : DEFAULT_LANGUAGE);
  const name = claim.name;
  // Read right after the statement that decided the claim (or, on approval, verified the stall because of it).
  const tellClaimant = notice(
    db,
    {
      userId: claim.userId,
      actorId: null,
      type: "stall_update",
      title: approve
        ? t('Your claim on "{name}" was approved', { name })
        : t('Your claim on "{name}" was not approved', { name }),
      body: approve
        ? t("The stall is verified now and shows you as its owner.")
        : t("A moderator could not confirm that you own this stall."),
      link: `/stall/${claim.shopUniqueId}`,
      subject: `stall:${claim.stallId}`,
      onlyAfterChange: true,
    },
    now,
  );
  const decide = db
    .update(stallClaims)
    .set({ status: approve ? "approved" : "rejected", decidedAt: now, decidedBy: moderatorId })
    .where(and(eq(stallClaims.id, claimId), eq(stallClaims.status, "pending")))
    .returning({ id: stallClaims.id });
  if (!approve) {
    const [decided] = await db.batch([decide, ...tellClaimant]);
    if (decided.length === 0) throw new ModelError(409, ALREADY_DECIDED);
    await refreshUnreadCounts(db, kv, [claim.userId]);
    return { name };
  }
  const results = await db.batch([
    decide,
    // changes(): only when the statement before (this claim's approval) changed its row.
    db
      .update(stalls)
      .set({ isVerified: true, ownerId: claim.userId, updatedAt: now })
      .where(and(eq(stalls.id, claim.stallId), sql`changes() = 1`)),
    ...tellClaimant,
    db
      .update(stallClaims)
      .set({ status: "rejected", decidedAt: now, decidedBy: moderatorId })
      .where(
        and(
          eq(stallClaims.stallId, claim.stallId),
          eq(stallClaims.status, "pending"),
          ne(stallClaims.id, claimId),
          sql`(SELECT ${stalls.ownerId} FROM ${stalls} WHERE ${stalls.id} = ${claim.stallId}) = ${claim.userId}`,
        ),
      )
      .returning({ userId: stallClaims.userId }),
  ]);
  const [decided] = results;
  if (decided.length === 0) throw new ModelError(409, ALREADY_DECIDED);
  // The claims turned down by this approval are known only once it is done: their people are told right after.
  const turnedDown = (results[results.length - 1] as { userId: string }[]).map((row) => row.userId);
  const notices = await Promise.all(
    turnedDown.map(async (userId) => {
      const t = await translatorOfPerson(db, userId);
      return notice(
        db,
        {
          userId,
          actorId: null,
          type: "stall_update",
          title: t('Your claim on "{name}" was not approved', { name }),
          body: t("Another claim on this stall was approved."),
          link: `/stall/${claim.shopUniqueId}`,
          subject: `stall:${claim.stallId}`,
        },
        now,
      );
    }),
  );
  const [first, ...rest] = notices.flat();
  if (first) await db.batch([first, ...rest]);
  await refreshUnreadCounts(db, kv, [claim.userId, ...turnedDown]);
  return { name };
}
