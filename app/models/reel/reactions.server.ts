import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, reelLikes, reelSaves, reels, stalls } from "~/db/schema";
import type { Role } from "~/lib/rules/options";
import { isModerator } from "~/lib/schemas/moderation";
import { deleteMedia } from "~/models/media.server";
import { communityNotice, refreshUnreadCounts } from "~/models/notification/notification.server";
import { likeTitle, writeReaction } from "~/models/reaction.server";
import { approved, readerMarks, reelNotFound } from "./read.server";

// What readers do with a reel: like, save, report, and (its author or a moderator) delete it. Likes and saves are
// reactions, written as posts' are (models/reaction.server.ts).

/** An approved reel of an approved stall, with the reader's marks and its author's language for the notice. A
 * pending reel cannot be liked, saved or reported by anyone: nobody but its author and moderators sees it. */
async function reactableReel(db: Db, userId: string, publicId: string) {
  const [reel] = await db
    .select({
      id: reels.id,
      userId: reels.userId,
      ownerLanguage: profiles.language,
      ...readerMarks(userId),
    })
    .from(reels)
    .innerJoin(stalls, eq(stalls.id, reels.stallId))
    .leftJoin(profiles, eq(profiles.userId, reels.userId))
    .where(and(eq(reels.publicId, publicId), approved, sql`${stalls.status} = 'approved'`))
    .limit(1);
  if (!reel) throw reelNotFound();
  return reel;
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
  const notices =
    wanted && reel.userId !== userId
      ? communityNotice(db, {
          userId: reel.userId,
          actorId: userId,
          type: "like",
          title: await likeTitle(db, userId, reel.ownerLanguage, "reel"),
          link: `/reels/${publicId}`,
          subject: `reel:${publicId}`,
          onlyAfterChange: true,
        })
      : [];
  const like_count = await writeReaction(
    db,
    wanted
      ? db.insert(reelLikes).values({ reelId: reel.id, userId }).onConflictDoNothing()
      : db.delete(reelLikes).where(and(eq(reelLikes.reelId, reel.id), eq(reelLikes.userId, userId))),
    notices,
    db
      .update(reels)
      .set({ likeCount: sql`(SELECT count(*) FROM ${reelLikes} WHERE ${reelLikes.reelId} = ${reel.id})` })
      .where(eq(reels.id, reel.id))
      .returning({ count: reels.likeCount }),
  );
  if (notices.length > 0) await refreshUnreadCounts(db, kv, [reel.userId]);
  return { liked: wanted, like_count };
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
  const save_count = await writeReaction(
    db,
    wanted
      ? db.insert(reelSaves).values({ reelId: reel.id, userId }).onConflictDoNothing()
      : db.delete(reelSaves).where(and(eq(reelSaves.reelId, reel.id), eq(reelSaves.userId, userId))),
    [],
    db
      .update(reels)
      .set({ saveCount: sql`(SELECT count(*) FROM ${reelSaves} WHERE ${reelSaves.reelId} = ${reel.id})` })
      .where(eq(reels.id, reel.id))
      .returning({ count: reels.saveCount }),
  );
  return { saved: wanted, save_count };
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
