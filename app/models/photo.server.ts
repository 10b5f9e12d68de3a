import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { photos, stalls } from "~/db/schema";

/** Photos are served by the Worker from R2 under this path: a stall's images are `/photos/<key>` URLs. */
export const PHOTO_PATH = "/photos/";

export function photoUrl(key: string): string {
  return `${PHOTO_PATH}${key}`;
}

/** The R2 key of one of our photo URLs (relative or absolute), or null for any other image. */
export function photoKeyFromUrl(url: string): string | null {
  const path = url.startsWith("/") ? url : URL.canParse(url) ? new URL(url).pathname : "";
  if (!path.startsWith(PHOTO_PATH)) return null;
  const key = path.slice(PHOTO_PATH.length);
  return /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/.test(key) ? key : null;
}

/**
 * Deletes a stall's photos (a rejected stall, or one about to be deleted). The stall stops pointing at them and
 * their rows go in one batch first, then the objects leave R2: a failure in between can leave an unused object
 * behind, never a row pointing at a missing one.
 */
export async function removeStallPhotos(db: Db, bucket: R2Bucket, stallId: number): Promise<string[]> {
  const [stall] = await db
    .select({ images: stalls.images, thumbnailImage: stalls.thumbnailImage })
    .from(stalls)
    .where(eq(stalls.id, stallId));
  const owned = await db.select({ key: photos.key }).from(photos).where(eq(photos.stallId, stallId));
  const keys = new Set(owned.map((photo) => photo.key));
  for (const url of [...(stall?.images ?? []), stall?.thumbnailImage ?? ""]) {
    const key = photoKeyFromUrl(url);
    if (key) keys.add(key);
  }
  if (keys.size === 0) return [];
  const list = [...keys];
  await db.batch([
    db.update(stalls).set({ images: [], thumbnailImage: null }).where(eq(stalls.id, stallId)),
    db.delete(photos).where(inArray(photos.key, list)),
  ]);
  await bucket.delete(list);
  return list;
}
