// Moderators' decisions on submitted stalls, and the queue of stalls waiting for one.
import { and, count, eq, exists, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { profiles, reels, stallClaims, stalls, users } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { type DayHours, weeklyHours } from "~/lib/rules/open-status";
import type { QueueQuery } from "~/lib/schemas/moderation-fields";
import { type ModerationQueue, QUEUE_START } from "~/lib/schemas/moderation-fields";
import type { StallDetail } from "~/models/stall/stall.server";
import { findLookAlikesOfEach, type LookAlikeStall } from "~/models/stall/stall.server";
import { achievementStatements } from "./achievement.server";
import { sendMail, stallDecisionMail } from "./mail.server";
import { deleteMedia } from "./media.server";
import { wantsEmail } from "./notification/notification.server";
import { removeStallPhotos } from "./photo.server";
import { countHeldPosts } from "./post/post.server";
import { type QueuePage, stallMatches } from "./queue.server";
import { countPendingReels } from "./reel/reel.server";
import {
  decideSubmission,
  listSubmissions,
  type RowSlice,
  type Submission,
  type SubmissionDecision,
  senderOrGone,
} from "./submission.server";
import { type Sender, senderColumns } from "./user.server";

export interface ModerationContext {
  db: Db;
  config: AppConfig;
  /** Origin for links in e-mails. */
  origin: string;
  photos: R2Bucket;
  /** Where the submitter's unread count is kept (the header bell). */
  kv: KVNamespace;
}

// Here for the report model and tests that import it from this module; queue.server.ts holds it so that every queue
// (reels, submissions) can use it without an import cycle.
export { ALREADY_DECIDED } from "./queue.server";

export const PENDING_PAGE_SIZE = 10;

/** A stall waiting for review, with what its detail page would show and what a moderator needs besides. */
export interface PendingStall
  extends Pick<
    StallDetail,
    | "id"
    | "name"
    | "description"
    | "category"
    | "location"
    | "latitude"
    | "longitude"
    | "contact_number"
    | "tags"
    | "discovery_tags"
    | "menu"
    | "images"
  > {
  hours: DayHours[] | null;
  created_at: number;
  submitter: Sender | null;
  look_alikes: LookAlikeStall[];
}

const pending = eq(stalls.status, "pending");

/** Stalls with who sent each, as the queue lists them and a decision finds one. */
const stallRows = (db: Db, { where, orderBy, limit }: RowSlice) =>
  db
    .select({
      id: stalls.id,
      shopUniqueId: stalls.shopUniqueId,
      name: stalls.name,
      status: stalls.status,
      description: stalls.description,
      category: stalls.category,
      location: stalls.location,
      latitude: stalls.latitude,
      longitude: stalls.longitude,
      contactNumber: stalls.contactNumber,
      tags: stalls.tags,
      discoveryTags: stalls.discoveryTags,
      weeklySchedule: stalls.weeklySchedule,
      timeZone: stalls.timeZone,
      menu: stalls.menu,
      images: stalls.images,
      thumbnailImage: stalls.thumbnailImage,
      createdAt: stalls.createdAt,
      submitterId: stalls.createdBy,
      submitter: senderColumns,
      language: profiles.language,
    })
    .from(stalls)
    .leftJoin(users, eq(users.id, stalls.createdBy))
    .leftJoin(profiles, eq(profiles.userId, stalls.createdBy))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

/** The queue of new stalls: each with the look-alike stalls around it, decided by approving (it goes public) or
 * rejecting with a reason its submitter reads (its photos then leave R2). */
const pendingStalls: Submission<StallRow, PendingStall> = {
  kind: "stall",
  table: stalls,
  logged: (stall) => ({ id: stall.shopUniqueId, name: stall.name }),
  pageSize: PENDING_PAGE_SIZE,
  key: { at: stalls.createdAt, id: stalls.id },
  pending,
  matches: stallMatches,
  byId: (shopUniqueId) => eq(stalls.shopUniqueId, String(shopUniqueId)),
  rows: stallRows,
  keyOf: (row) => ({ at: row.createdAt, id: row.id }),
  async items(db, rows) {
    const now = new Date();
    const lookAlikes = await findLookAlikesOfEach(
      db,
      rows.map((row) => ({
        center: { lat: row.latitude, lng: row.longitude },
        name: row.name,
        excludeShopUniqueId: row.shopUniqueId,
        pending: "all" as const,
      })),
      now,
    );
    return rows.map((row, index) => ({
      id: row.shopUniqueId,
      name: row.name,
      description: row.description,
      category: row.category,
      location: row.location,
      latitude: row.latitude,
      longitude: row.longitude,
      contact_number: row.contactNumber,
      tags: row.tags,
      discovery_tags: row.discoveryTags,
      hours: row.weeklySchedule ? weeklyHours(row.weeklySchedule, row.timeZone, now) : null,
      menu: row.menu,
      images: row.images.length > 0 ? row.images : row.thumbnailImage ? [row.thumbnailImage] : [],
      created_at: row.createdAt,
      submitter: senderOrGone(row.submitter),
      look_alikes: lookAlikes[index] ?? [],
    }));
  },
  notFound: "Stall not found",
  decision(db, stall, decision, t, now) {
    const name = stall.name;
    const link = decision.approve ? `/stall/${stall.shopUniqueId}` : "/profile";
    return {
      decide: db
        .update(stalls)
        .set(
          decision.approve
            ? { status: "approved", statusReason: null, updatedAt: now }
            : { status: "rejected", statusReason: decision.reason, updatedAt: now },
        )
        .where(and(eq(stalls.id, stall.id), pending))
        .returning({ id: stalls.id }),
      tell: decision.approve
        ? {
            title: t('Your stall "{name}" is live', { name }),
            body: t("A moderator approved it: everyone can find it on Discover and in search now."),
            link,
            subject: `stall:${stall.id}`,
          }
        : {
            title: t('Your stall "{name}" was not approved', { name }),
            body: t("Reason: {reason}", { reason: decision.reason }),
            link,
            subject: `stall:${stall.id}`,
          },
      rest:
        decision.approve && stall.submitterId
          ? achievementStatements(db, stall.submitterId, "stalls_approved", t)
          : [],
    };
  },
};

type StallRow = Awaited<ReturnType<typeof stallRows>>[number];

/** Stalls waiting for review, a page at a time, each with the look-alike stalls around it. */
export const listPendingStalls = (
  db: Db,
  query: QueueQuery = QUEUE_START,
): Promise<QueuePage<PendingStall>> => listSubmissions(db, pendingStalls, query);

/** A queue row's stall (by its id column) matches the search: a lookup by primary key, so no join to count. */
function stallOfRowMatches(db: Db, q: string, stallId: SQLWrapper) {
  const matches = stallMatches(q);
  return matches
    ? exists(
        db
          .select({ id: stalls.id })
          .from(stalls)
          .where(and(eq(stalls.id, stallId), matches)),
      )
    : undefined;
}

/**
 * The counts of the queues of submissions (new stalls, claims, new reels, held posts) under the same search as their lists, as
 * selects of one row `{ n }` for the batch that counts every tab (countModerationQueues in the reports model).
 * Without a search each reads only its queue's partial index; with one, each item's stall once by its key.
 */
export function submissionQueueCounts(db: Db, q: string) {
  return {
    pending: db
      .select({ n: count() })
      .from(stalls)
      .where(and(pending, stallMatches(q))),
    claims: db
      .select({ n: count() })
      .from(stallClaims)
      .where(and(eq(stallClaims.status, "pending"), stallOfRowMatches(db, q, stallClaims.stallId))),
    reels: countPendingReels(db, q),
    held: countHeldPosts(db, q),
  } satisfies Partial<Record<ModerationQueue, unknown>>;
}

/**
 * Approves or rejects a pending stall, answering its name. The status change and the submitter's notification commit
 * together, and only for the first decision: a stall that is no longer pending is refused with 409, and nobody is
 * notified twice. The e-mail follows; a rejected stall's photos then leave R2.
 */
export async function decideStall(
  context: ModerationContext,
  shopUniqueId: string,
  decision: SubmissionDecision,
): Promise<{ name: string }> {
  const { db, config, origin, photos } = context;
  const { found: stall, t } = await decideSubmission(context, pendingStalls, shopUniqueId, decision);
  if (!decision.approve) await removeStallPhotos(db, photos, stall.id);
  const to = stall.submitter.email;
  if (stall.submitterId && to && (await wantsEmail(db, stall.submitterId, "stall_update"))) {
    const link = `${origin}${decision.approve ? `/stall/${shopUniqueId}` : "/profile"}`;
    try {
      await sendMail(
        db,
        config,
        stallDecisionMail(t, {
          to,
          stallName: stall.name,
          decision: decision.approve
            ? { approved: true, link }
            : { approved: false, reason: decision.reason, link },
        }),
      );
    } catch (error) {
      // The decision stands and the notification row says the same; the e-mail is a courtesy.
      console.error("stall decision e-mail failed", error);
    }
  }
  return { name: stall.name };
}

/** Deletes a stall for good (a report said it closed): its photos first, then the row and everything hanging off it,
 * in one batch after `first` (statements that still need those rows: telling the people who saved it), then its
 * reels' videos and posters, which /media would otherwise go on serving. */
export async function deleteStall(
  db: Db,
  photos: R2Bucket,
  stallId: number,
  first: BatchItem<"sqlite">[] = [],
): Promise<void> {
  await removeStallPhotos(db, photos, stallId);
  // The reels would cascade away with the stall; deleted here instead, they answer the keys of their objects.
  const reelsGone = db
    .delete(reels)
    .where(eq(reels.stallId, stallId))
    .returning({ videoKey: reels.videoKey, posterKey: reels.posterKey });
  const statements: BatchItem<"sqlite">[] = [
    ...first,
    reelsGone,
    db.delete(stalls).where(eq(stalls.id, stallId)),
  ];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const gone = results[first.length] as Awaited<typeof reelsGone>;
  await deleteMedia(
    photos,
    gone.flatMap((reel) => [reel.videoKey, reel.posterKey]),
  );
}
