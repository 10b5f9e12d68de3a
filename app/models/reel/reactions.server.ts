import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, reelLikes, reelSaves, reels, stalls } from "~/db/schema";
import type { Role } from "~/lib/rules/options";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { unblocked } from "~/models/block.server";
import { deleteMedia } from "~/models/media.server";
import { reaction, setLike, setSave } from "~/models/reaction.server";
import { readerMarks, reelNotFound, shown } from "./read.server";

// What readers do with a reel: like, save, report, and (its author or a moderator) delete it. Likes and saves are
// reactions, written as posts' are (models/reaction.server.ts).

const writeReelLike = reaction(reelLikes, "reelId", reels, "likeCount");
const writeReelSave = reaction(reelSaves, "reelId", reels, "saveCount");

/** An approved reel of an approved stall, with the reader's marks and its author's language for the notice. A
 * pending reel cannot be liked, saved or reported by anyone: nobody but its author and moderators sees it; nor a reel
 * of someone blocked either way (ADR 048). */
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
    .where(
      and(
        eq(reels.publicId, publicId),
        shown,
        sql`${stalls.status} = 'approved'`,
        unblocked(userId, reels.userId),
      ),
    )
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
  return setLike(db, kv, userId, await reactableReel(db, userId, publicId), liked, writeReelLike, "reel", {
    link: `/reels/${publicId}`,
    subject: `reel:${publicId}`,
  });
}

/** Saves (true), unsaves (false) or flips (undefined) a reel for the reader's Saved tab; nobody is told. */
export async function setReelSave(
  db: Db,
  userId: string,
  publicId: string,
  saved?: boolean,
): Promise<{ saved: boolean; save_count: number }> {
  return setSave(db, userId, await reactableReel(db, userId, publicId), saved, writeReelSave);
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
