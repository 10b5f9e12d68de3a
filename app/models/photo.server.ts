import { and, count, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { photos, stalls } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import type { ImageType } from "~/lib/image-type";
import { PHOTO_KEY_PATTERN, photoKeyFromUrl } from "~/lib/photo-url";
import { DAY_MS } from "~/lib/stall-form";

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

/** Uploads per user in any 24 hours (rows of rejected or deleted stalls' photos are gone, so they do not count). */
export const DAILY_UPLOAD_LIMIT = 60;
export const DAILY_UPLOAD_LIMIT_MESSAGE = `You can upload up to ${DAILY_UPLOAD_LIMIT} photos a day. Please try again tomorrow.`;

export async function countRecentUploads(db: Db, userId: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.userId, userId), gt(photos.createdAt, now - DAY_MS)));
  return row?.n ?? 0;
}

/**
 * Stores an uploaded image under a new random key and records who uploaded it. The object is written before its
 * row, and removed again if the row cannot be written, so a row never points at a missing object.
 */
export async function storePhoto(
  db: Db,
  bucket: R2Bucket,
  { userId, bytes, type }: { userId: string; bytes: ArrayBuffer; type: ImageType },
): Promise<string> {
  const key = `${randomId(24)}.${type.extension}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  try {
    await db.insert(photos).values({ key, userId, contentType: type.contentType, size: bytes.byteLength });
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  return key;
}

/** The keys among `keys` that `userId` uploaded and no stall uses yet: the only photos a new stall may show. */
export async function findUnusedOwnPhotos(db: Db, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: photos.key })
    .from(photos)
    .where(and(inArray(photos.key, keys), eq(photos.userId, userId), isNull(photos.stallId)));
  return rows.map((row) => row.key);
}

/** The statement that gives photos to a stall (run it in the batch that creates the stall). */
export function attachPhotosStatement(db: Db, keys: string[], stallId: SQL) {
  return db.update(photos).set({ stallId }).where(inArray(photos.key, keys));
}

/**
 * A photo as the Worker serves it at /photos/:key. Keys are random and never reused, so a photo never changes and
 * may be cached for good; a matching If-None-Match gets 304.
 */
export async function servePhoto(bucket: R2Bucket, key: string, requestHeaders: Headers): Promise<Response> {
  if (!PHOTO_KEY_PATTERN.test(key)) return new Response("Not found", { status: 404 });
  const object = await bucket.get(key, { onlyIf: requestHeaders });
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  // Without a body, R2 says the If-None-Match matched: the browser's copy is current.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
