import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, reelLikes, reelSaves, reels, stalls } from "~/db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { Role } from "~/lib/rules/options";
import { isModerator } from "~/lib/schemas/moderation";
import { deleteMedia } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import { communityNotice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { approved, reelNotFound } from "./read.server";

// What readers do with a reel: like, save, report, and (its author or a moderator) delete it. Likes and saves are
// one row per person and reel; each write recomputes the count from the rows in the same batch (one transaction),
// so a burst of parallel likes leaves the count equal to the rows, as posts' do.

/** An approved reel of an approved stall, with the reader's marks and its author's language for the notice. A
 * pending reel cannot be liked, saved or reported by anyone: nobody but its author and moderators sees it. */
async function reactableReel(db: Db, userId: string, publicId: string) {
  const [reel] = await db
    .select({
      id: reels.id,
      userId: reels.userId,
      ownerLanguage: profiles.language,
      liked: sql<number>`EXISTS (SELECT 1 FROM reel_likes WHERE reel_likes.reel_id = ${reels.id} AND reel_likes.user_id = ${userId})`,
      saved: sql<number>`EXISTS (SELECT 1 FROM reel_saves WHERE reel_saves.reel_id = ${reels.id} AND reel_saves.user_id = ${userId})`,
    })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .leftJoin(profiles, eq(profiles.userId, reels.userId))
    .where(and(eq(reels.publicId, publicId), approved, sql`${stalls.status} = 'approved'`))
    .limit(1);
  if (!reel) throw reelNotFound();
  return reel;
}

/** The like's notice title, in the language of the person told, with the liker's name as it is now. */
async function likeTitle(db: Db, likerId: string, language: string | null) {
  const [liker] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, likerId))
    .limit(1);
  if (!liker) throw new ModelError(401, "Please log in first!");
  const t = translatorFor(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  return t("{name} liked your reel", { name: liker.name });
}

/**
 * Likes (true), unlikes (false) or flips (undefined) a reel, answering the state and the count after it. A like the
 * batch really inserted tells the reel's author (never of their own like), grouped with the reel's other likes
 * (ADR 024); repeating an explicit value changes nothing and tells nobody.
 */
export async function setReelLike(
  db: Db,
  kv: KVNamespace,
  userId: string,
  publicId: string,
  liked?: boolean,
): Promise<{ liked: boolean; like_count: number }> {
  const reel = await reactableReel(db, userId, publicId);
  const wanted = liked ?? !reel.liked;
  const recount = db
    .update(reels)
    .set({ likeCount: sql`(SELECT count(*) FROM ${reelLikes} WHERE ${reelLikes.reelId} = ${reel.id})` })
    .where(eq(reels.id, reel.id))
    .returning({ count: reels.likeCount });
  if (!wanted) {
    const [, [counted]] = await db.batch([
      db.delete(reelLikes).where(and(eq(reelLikes.reelId, reel.id), eq(reelLikes.userId, userId))),
      recount,
    ]);
    return { liked: false, like_count: counted?.count ?? 0 };
  }
  const insert = db.insert(reelLikes).values({ reelId: reel.id, userId }).onConflictDoNothing();
  const notices =
    reel.userId === userId
      ? []
      : communityNotice(db, {
          userId: reel.userId,
          actorId: userId,
          type: "like",
          title: await likeTitle(db, userId, reel.ownerLanguage),
          link: `/reels/${publicId}`,
          subject: `reel:${publicId}`,
          onlyAfterChange: true,
        });
  // The notice comes right after the insert: it reads the insert's changes().
  const results = await db.batch([insert, ...notices, recount]);
  if (notices.length > 0) await refreshUnreadCounts(db, kv, [reel.userId]);
  const [counted] = results[results.length - 1] as { count: number }[];
  return { liked: true, like_count: counted?.count ?? 0 };
}

/** Saves (true), unsaves (false) or flips (undefined) a reel for the reader's Saved tab; nobody is told. */
export async function setReelSave(
  db: Db,
  userId: string,
  publicId: string,
  saved?: boolean,
): Promise<{ saved: boolean; save_count: number }> {
  const reel = await reactableReel(db, userId, publicId);
  const wanted = saved ?? !reel.saved;
  const [, [counted]] = await db.batch([
    wanted
      ? db.insert(reelSaves).values({ reelId: reel.id, userId }).onConflictDoNothing()
      : db.delete(reelSaves).where(and(eq(reelSaves.reelId, reel.id), eq(reelSaves.userId, userId))),
    db
      .update(reels)
      .set({ saveCount: sql`(SELECT count(*) FROM ${reelSaves} WHERE ${reelSaves.reelId} = ${reel.id})` })
      .where(eq(reels.id, reel.id))
      .returning({ count: reels.saveCount }),
  ]);
  return { saved: wanted, save_count: counted?.count ?? 0 };
}

/**
 * Deletes a reel: its author may, and so may a moderator; to anyone else it does not exist (404). The row goes
 * first (its likes and saves with it), then its video and poster from R2: a reel is never shown with
 * its bytes gone, and the keys come back from the delete itself, so a concurrent delete removes them once.
 */
export async function deleteReel(
  db: Db,
  bucket: R2Bucket,
  actor: { id: string; role: Role },
  publicId: string,
): Promise<void> {
  const [gone] = await db
    .delete(reels)
    .where(and(eq(reels.publicId, publicId), isModerator(actor) ? undefined : eq(reels.userId, actor.id)))
    .returning({ videoKey: reels.videoKey, posterKey: reels.posterKey });
  if (!gone) throw reelNotFound();
  await deleteMedia(bucket, [gone.videoKey, gone.posterKey]);
}
