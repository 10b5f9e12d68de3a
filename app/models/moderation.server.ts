// Moderators' decisions on submitted stalls, and the queue of stalls waiting for one.
import { and, count, eq, exists, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { profiles, reels, stallClaims, stalls, users } from "~/db/schema";
import type { AppConfig } from "~/lib/http/config.server";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import { type DayHours, weeklyHours } from "~/lib/rules/open-status";
import { type ModerationQueue, QUEUE_START, type QueueQuery } from "~/lib/schemas/moderation";
import type { StallDetail } from "~/models/stall/stall.server";
import { findLookAlikesOfEach, type LookAlikeStall } from "~/models/stall/stall.server";
import { achievementStatements } from "./achievement.server";
import { sendMail, stallDecisionMail } from "./mail.server";
import { deleteMedia } from "./media.server";
import { ModelError } from "./model-error";
import {
  notifySubmitterAfterChange,
  refreshUnreadCounts,
  wantsEmail,
} from "./notification/notification.server";
import { removeStallPhotos } from "./photo.server";
import { ALREADY_DECIDED, type QueuePage, readQueuePage, stallMatches, stillPending } from "./queue.server";
import { countPendingReels } from "./reel/reel.server";
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

// Here for the stall, claim and report models that import them from this module; queue.server.ts holds them so
// that queues counted below (reels) can use them too without an import cycle.
export { ALREADY_DECIDED, stillPending } from "./queue.server";

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

/** Stalls waiting for review, a page at a time, each with the look-alike stalls around it. */
export async function listPendingStalls(
  db: Db,
  query: QueueQuery = QUEUE_START,
  now = new Date(),
): Promise<QueuePage<PendingStall>> {
  const { rows, previous, next } = await readQueuePage(
    query,
    PENDING_PAGE_SIZE,
    { at: stalls.createdAt, id: stalls.id },
    ({ bound, orderBy, limit }) =>
      db
        .select({
          id: stalls.id,
          shopUniqueId: stalls.shopUniqueId,
          name: stalls.name,
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
          submitter: senderColumns,
        })
        .from(stalls)
        .leftJoin(users, eq(users.id, stalls.createdBy))
        .leftJoin(profiles, eq(profiles.userId, stalls.createdBy))
        .where(and(pending, stallMatches(query.q), bound))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => ({ at: row.createdAt, id: row.id }),
  );
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
  const items = rows.map((row, index) => ({
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
    submitter: row.submitter.email === null ? null : { name: row.submitter.name, email: row.submitter.email },
    look_alikes: lookAlikes[index] ?? [],
  }));
  return { items, previous, next };
}

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
 * The counts of the queues of submissions (new stalls, claims, new reels) under the same search as their lists, as
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
  } satisfies Partial<Record<ModerationQueue, unknown>>;
}

export type StallDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a pending stall, answering its name. The status change and the submitter's notification commit
 * together, and only for the first decision: a stall that is no longer pending is refused with 409, and nobody is
 * notified twice. The e-mail follows; a rejected stall's photos then leave R2.
 */
export async function decideStall(
  { db, config, origin, photos, kv }: ModerationContext,
  shopUniqueId: string,
  decision: StallDecision,
): Promise<{ name: string }> {
  const [row] = await db
    .select({
      id: stalls.id,
      name: stalls.name,
      status: stalls.status,
      submitterId: stalls.createdBy,
      submitterEmail: users.email,
      submitterLanguage: profiles.language,
    })
    .from(stalls)
    .leftJoin(users, eq(users.id, stalls.createdBy))
    .leftJoin(profiles, eq(profiles.userId, stalls.createdBy))
    .where(eq(stalls.shopUniqueId, shopUniqueId))
    .limit(1);
  const stall = stillPending(row, "Stall not found");

  const link = decision.approve ? `/stall/${shopUniqueId}` : "/profile";
  // Written in the submitter's language: the one their account chose, else English (the moderator's says nothing
  // about theirs).
  const t = translatorFor(stall.submitterLanguage ?? DEFAULT_LANGUAGE);
  const name = stall.name;
  const [changed] = await db.batch([
    db
      .update(stalls)
      .set(
        decision.approve
          ? { status: "approved", statusReason: null, updatedAt: Date.now() }
          : { status: "rejected", statusReason: decision.reason, updatedAt: Date.now() },
      )
      .where(and(eq(stalls.id, stall.id), eq(stalls.status, "pending")))
      .returning({ id: stalls.id }),
    ...notifySubmitterAfterChange(
      db,
      stall.id,
      decision.approve
        ? {
            title: t('Your stall "{name}" is live', { name }),
            body: t("A moderator approved it: everyone can find it on Discover and in search now."),
            link,
          }
        : {
            title: t('Your stall "{name}" was not approved', { name }),
            body: t("Reason: {reason}", { reason: decision.reason }),
            link,
          },
    ),
    ...(decision.approve && stall.submitterId
      ? achievementStatements(db, stall.submitterId, "stalls_approved", t)
      : []),
  ]);
  if (changed.length === 0) throw new ModelError(409, ALREADY_DECIDED);

  if (!decision.approve) await removeStallPhotos(db, photos, stall.id);
  if (!stall.submitterId) return { name: stall.name };
  await refreshUnreadCounts(db, kv, [stall.submitterId]);
  if (stall.submitterEmail && (await wantsEmail(db, stall.submitterId, "stall_update"))) {
    try {
      await sendMail(
        db,
        config,
        stallDecisionMail(t, {
          to: stall.submitterEmail,
          stallName: stall.name,
          decision: decision.approve
            ? { approved: true, link: `${origin}${link}` }
            : { approved: false, reason: decision.reason, link: `${origin}${link}` },
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
