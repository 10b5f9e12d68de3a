// "Claim This Stall": an owner asks to be recorded; a moderator's approval verifies the stall and sets its owner.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { profiles, stallClaims, stalls, users } from "~/db/schema";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { QUEUE_START } from "~/lib/schemas/moderation-fields";
import { ModelError } from "./model-error";
import { notice, refreshUnreadCounts } from "./notification/notification.server";
import { translatorOfPerson } from "./person.server";
import { stallMatches } from "./queue.server";
import { decideSubmission, listSubmissions, type RowSlice, type Submission } from "./submission.server";
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

/** Claims with their stalls and claimants, as the queue lists them and a decision finds one. */
const claimRows = (db: Db, { where, orderBy, limit }: RowSlice) =>
  db
    .select({
      id: stallClaims.id,
      name: stallClaims.name,
      phone: stallClaims.phone,
      reason: stallClaims.reason,
      created_at: stallClaims.createdAt,
      stall: { id: stalls.shopUniqueId, name: stalls.name, is_verified: stalls.isVerified },
      claimant: senderColumns,
      status: stallClaims.status,
      stallId: stallClaims.stallId,
      submitterId: stallClaims.userId,
      language: profiles.language,
    })
    .from(stallClaims)
    .innerJoin(stalls, eq(stalls.id, stallClaims.stallId))
    .innerJoin(users, eq(users.id, stallClaims.userId))
    .leftJoin(profiles, eq(profiles.userId, stallClaims.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

type ClaimRow = Awaited<ReturnType<typeof claimRows>>[number];

/** The queue of ownership claims: approving one verifies the stall with the claimant as its owner and turns down
 * the stall's other pending claims; rejecting says only that no moderator could confirm it. */
const pendingClaims: Submission<ClaimRow, PendingClaim> = {
  kind: "claim",
  table: stallClaims,
  logged: (claim) => ({ id: String(claim.id), name: claim.stall.name }),
  pageSize: CLAIM_PAGE_SIZE,
  key: { at: stallClaims.createdAt, id: stallClaims.id },
  pending: eq(stallClaims.status, "pending"),
  matches: stallMatches,
  byId: (claimId) => eq(stallClaims.id, Number(claimId)),
  rows: claimRows,
  keyOf: (row) => ({ at: row.created_at, id: row.id }),
  items: (_db, rows) => rows.map(({ status, stallId, submitterId, language, ...claim }) => claim),
  notFound: "Claim not found",
  decision(db, claim, { approve, moderatorId }, t, now) {
    const name = claim.stall.name;
    const decided = { decidedAt: now, decidedBy: moderatorId };
    return {
      decide: db
        .update(stallClaims)
        .set({ status: approve ? "approved" : "rejected", ...decided })
        .where(and(eq(stallClaims.id, claim.id), eq(stallClaims.status, "pending")))
        .returning({ id: stallClaims.id }),
      follows: approve
        ? [
            db
              .update(stalls)
              .set({ isVerified: true, ownerId: claim.submitterId, updatedAt: now })
              .where(and(eq(stalls.id, claim.stallId), sql`changes() = 1`)),
          ]
        : [],
      tell: {
        title: approve
          ? t('Your claim on "{name}" was approved', { name })
          : t('Your claim on "{name}" was not approved', { name }),
        body: approve
          ? t("The stall is verified now and shows you as its owner.")
          : t("A moderator could not confirm that you own this stall."),
        link: `/stall/${claim.stall.id}`,
        subject: `stall:${claim.stallId}`,
      },
      rest: approve
        ? [
            db
              .update(stallClaims)
              .set({ status: "rejected", ...decided })
              .where(
                and(
                  eq(stallClaims.stallId, claim.stallId),
                  eq(stallClaims.status, "pending"),
                  ne(stallClaims.id, claim.id),
                  sql`(SELECT ${stalls.ownerId} FROM ${stalls} WHERE ${stalls.id} = ${claim.stallId}) = ${claim.submitterId}`,
                ),
              )
              .returning({ userId: stallClaims.userId }),
          ]
        : [],
    };
  },
};

/** Claims waiting for a moderator, a page at a time. */
export const listPendingClaims = (db: Db, query: QueueQuery = QUEUE_START) =>
  listSubmissions(db, pendingClaims, query);

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
  const now = Date.now();
  const decision = approve ? { approve, moderatorId } : { approve, reason: "", moderatorId };
  const { found: claim, results } = await decideSubmission({ db, kv }, pendingClaims, claimId, decision, now);
  const name = claim.stall.name;
  if (!approve) return { name };
  // The claims turned down by this approval are known only once it is done: their people are told right after.
  const turnedDown = (results.at(-1) as { userId: string }[]).map((row) => row.userId);
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
          link: `/stall/${claim.stall.id}`,
          subject: `stall:${claim.stallId}`,
        },
        now,
      );
    }),
  );
  const [first, ...rest] = notices.flat();
  if (first) await db.batch([first, ...rest]);
  await refreshUnreadCounts(db, kv, turnedDown);
  return { name };
}
