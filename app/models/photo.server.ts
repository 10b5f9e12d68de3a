import { and, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { photos, stalls } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { conditionalHeaders } from "~/lib/http/conditional-request";
import { stripImageMetadata } from "~/lib/http/image-metadata";
import {
  imageSize,
  SMALL_PHOTO_MAX_BYTES,
  SMALL_PHOTO_MAX_HEIGHT,
  SMALL_PHOTO_MAX_WIDTH,
} from "~/lib/http/image-size";
import {
  IMAGE_SNIFF_BYTES,
  type ImageType,
  MAX_PHOTO_BYTES,
  NOT_AN_IMAGE,
  PHOTO_TOO_LARGE,
  sniffImageType,
} from "~/lib/http/image-type";
import { PHOTO_KEY_PATTERN, photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { msg } from "~/lib/i18n/translate";
import { ModelError } from "./model-error";
import { DAY_MS, dailyLimit, underDailyLimit } from "./rate-limit.server";

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
  await bucket.delete(withSmallCopies(list));
  return list;
}

// Multipart framing around the image: a body larger than the image limit plus this cannot hold a valid upload.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const SMALL_PHOTO_TOO_LARGE = "The small copy must be less than 300 KB";
export const SMALL_PHOTO_INVALID = msg(
  "The small copy must be a JPEG, PNG or WebP image at most 640 px wide",
);

export type PhotoUpload = {
  bytes: ArrayBuffer;
  type: ImageType;
  small: { bytes: ArrayBuffer; type: ImageType } | null;
};

/**
 * Reads a photo upload (a form with the image in its "image" field, and optionally its small copy in "small"), the
 * one check of POST /api/shop/upload and of the Add a Stall page's uploads. Refused beside the image: a body too
 * large to hold a photo within MAX_PHOTO_BYTES (413, before it is read), one that is not a form, a missing or empty
 * file, or bytes that are not JPEG, PNG or WebP (400), and a file over MAX_PHOTO_BYTES (413). Refused beside the
 * small copy: one that is not such an image or is wider than SMALL_PHOTO_MAX_WIDTH (400), or one over
 * SMALL_PHOTO_MAX_BYTES (413). Answers the form too, for its other fields, and the image as storePhoto takes it.
 */
export async function readPhotoUpload(request: Request): Promise<{ form: FormData; image: PhotoUpload }> {
  const tooLarge = () => new ModelError(413, PHOTO_TOO_LARGE, { field: "image" });
  const notAnImage = () => new ModelError(400, NOT_AN_IMAGE, { field: "image" });
  if (
    Number(request.headers.get("Content-Length") ?? "0") >
    MAX_PHOTO_BYTES + SMALL_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
  )
    throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw notAnImage();
  }
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) throw notAnImage();
  if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
  const type = sniffImageType(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()));
  if (!type) throw notAnImage();
  return {
    form,
    image: { bytes: await file.arrayBuffer(), type, small: await readSmallCopy(form.get("small")) },
  };
}

/** The optional small copy of an upload, checked by its bytes like the photo, and by the size its header gives. */
async function readSmallCopy(file: FormDataEntryValue | null): Promise<PhotoUpload["small"]> {
  if (file === null) return null;
  const invalid = () => new ModelError(400, SMALL_PHOTO_INVALID, { field: "small" });
  if (!(file instanceof File) || file.size === 0) throw invalid();
  if (file.size > SMALL_PHOTO_MAX_BYTES) throw new ModelError(413, SMALL_PHOTO_TOO_LARGE, { field: "small" });
  const bytes = await file.arrayBuffer();
  const type = sniffImageType(new Uint8Array(bytes, 0, Math.min(IMAGE_SNIFF_BYTES, bytes.byteLength)));
  const size = type ? imageSize(new Uint8Array(bytes), type) : null;
  if (!type || !size || size.width > SMALL_PHOTO_MAX_WIDTH || size.height > SMALL_PHOTO_MAX_HEIGHT)
    throw invalid();
  return { bytes, type };
}

/**
 * The R2 key of a photo's small copy: `<id>-640.<ext>` beside `<id>.<ext>` (the photo's extension, whatever the
 * copy's own type: its object carries its content type). Random ids never hold "-", so no photo's key is one.
 */
export function smallPhotoKey(key: string): string {
  return key.replace(/\.(jpg|png|webp)$/, `-${SMALL_PHOTO_MAX_WIDTH}.$1`);
}

/** The URL of a photo's small copy, or null for anything that is not one of our photos (bundled art). */
export function smallPhotoUrl(url: string): string | null {
  const key = photoKeyFromUrl(url);
  return key ? photoUrl(smallPhotoKey(key)) : null;
}

const SMALL_KEY = new RegExp(`^(.+)-${SMALL_PHOTO_MAX_WIDTH}\\.(jpg|png|webp)$`);

function withSmallCopies(keys: string[]): string[] {
  return [...keys, ...keys.map(smallPhotoKey)];
}

/** Uploads per user in any 24 hours (rows of rejected or deleted stalls' photos are gone, so they do not count). */
export const DAILY_UPLOAD_LIMIT = dailyLimit(
  60,
  msg("You can upload up to 60 photos a day. Please try again tomorrow."),
);

/**
 * Stores an uploaded image, stripped of its metadata (GPS position, device, time), under a new random key and
 * records who uploaded it; its small copy, when sent, goes beside it under smallPhotoKey. A user past the daily limit is refused with 429, beside the image.
 *
 * The row comes first, as a reservation: one INSERT ... SELECT that writes it only while the user's rows of the
 * last 24 hours are under the limit, so a burst of parallel uploads cannot all pass a count read beforehand. Then
 * the object goes to R2; if that fails the row is deleted again. Until the answer, nobody knows the key, so nothing
 * can point at a row whose object is not there yet; and if the Worker dies in between, the row is an unattached
 * upload like any other, which deleteOrphanPhotos removes. (R2 first would leave, on such a death, an object that
 * no row names and no clean-up can find.)
 */
export async function storePhoto(
  db: Db,
  bucket: R2Bucket,
  {
    userId,
    bytes,
    type,
    small = null,
  }: { userId: string } & Omit<PhotoUpload, "small"> & Partial<PhotoUpload>,
  now = Date.now(),
): Promise<string> {
  const key = `${randomId(24)}.${type.extension}`;
  const clean = stripImageMetadata(new Uint8Array(bytes), type.extension);
  const uploads = { table: photos, owner: photos.userId, createdAt: photos.createdAt };
  const reserved = await db.all<{ key: string }>(sql`
    INSERT INTO photos (key, user_id, content_type, size, created_at)
    SELECT ${key}, ${userId}, ${type.contentType}, ${clean.byteLength}, ${now}
    WHERE ${underDailyLimit(DAILY_UPLOAD_LIMIT, uploads, userId, now)}
    RETURNING key`);
  if (reserved.length === 0) throw new ModelError(429, DAILY_UPLOAD_LIMIT.message, { field: "image" });
  try {
    await bucket.put(key, clean, { httpMetadata: { contentType: type.contentType } });
    if (small) {
      await bucket.put(
        smallPhotoKey(key),
        stripImageMetadata(new Uint8Array(small.bytes), small.type.extension),
        {
          httpMetadata: { contentType: small.type.contentType },
        },
      );
    }
  } catch (error) {
    await db.delete(photos).where(eq(photos.key, key));
    await bucket.delete([key, smallPhotoKey(key)]);
    throw error;
  }
  return key;
}

/** An upload no stall and no post uses yet: the uploader's to use, and the clean-up's to delete once old. */
export const unusedUpload = and(isNull(photos.stallId), isNull(photos.postId));

/** SQL that holds while each of `keys` is still an unused upload of `userId`: a write that takes them checks it in
 * its own statement, so of two writes racing for one photo, one is refused. */
export function stillOwnUnused(userId: string, keys: string[]): SQL {
  return sql`(SELECT count(*) FROM ${photos} WHERE ${inArray(photos.key, keys)} AND ${photos.userId} = ${userId} AND ${unusedUpload}) = ${keys.length}`;
}

/** Uploads never attached to a stall or a post are deleted this long after they were made. */
export const ORPHAN_PHOTO_AGE_MS = DAY_MS;

/**
 * Deletes uploads no stall took within ORPHAN_PHOTO_AGE_MS (a form abandoned after its photos were sent), a
 * thousand a run. The rows go first, in one statement that re-checks they are still unattached: a stall submitted
 * at that moment either attached the photo before (and it stays) or finds it gone and is refused, so no stall can
 * ever point at a deleted object. Then the objects leave R2; a failure there leaves an object no row names, never a
 * row or a stall naming a missing object.
 */
export async function deleteOrphanPhotos(db: Db, bucket: R2Bucket, now = Date.now()): Promise<string[]> {
  const rows = await db
    .delete(photos)
    .where(
      inArray(
        photos.key,
        db
          .select({ key: photos.key })
          .from(photos)
          .where(and(unusedUpload, lte(photos.createdAt, now - ORPHAN_PHOTO_AGE_MS)))
          .limit(1000),
      ),
    )
    .returning({ key: photos.key });
  const keys = rows.map((row) => row.key);
  if (keys.length > 0) await bucket.delete(withSmallCopies(keys));
  return keys;
}

/** The keys among `keys` that `userId` uploaded and no stall or post uses yet: the only photos a new stall or post
 * may show. */
export async function findUnusedOwnPhotos(db: Db, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: photos.key })
    .from(photos)
    .where(and(inArray(photos.key, keys), eq(photos.userId, userId), unusedUpload));
  return rows.map((row) => row.key);
}

/** The statement that gives photos to a stall (run it in the batch that creates the stall). */
export function attachPhotosStatement(db: Db, keys: string[], stallId: SQL) {
  return db.update(photos).set({ stallId }).where(inArray(photos.key, keys));
}

/**
 * A photo as the Worker serves it at /photos/:key. Keys are random and never reused, so a photo never changes and
 * may be cached for good; a matching If-None-Match gets 304, a failed If-Match or If-Unmodified-Since 412. A small
 * copy's key that has no object (a photo uploaded without one, or before they were made) answers the photo itself,
 * which is what that URL will always answer.
 */
export async function servePhoto(bucket: R2Bucket, key: string, requestHeaders: Headers): Promise<Response> {
  if (!PHOTO_KEY_PATTERN.test(key)) return new Response("Not found", { status: 404 });
  // Malformed conditions are dropped: R2 would throw on them (a 500), RFC 9110 has them ignored.
  const conditions = conditionalHeaders(requestHeaders);
  const get = (objectKey: string) => bucket.get(objectKey, { onlyIf: conditions });
  const original = SMALL_KEY.exec(key);
  let object = await get(key);
  if (!object && original) object = await get(`${original[1]}.${original[2]}`);
  if (!object) return new Response("Not found", { status: 404 });
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  // Without a body, R2 says a condition held back the photo: a failed If-Match (or If-Unmodified-Since) comes
  // first and is 412; otherwise a matching If-None-Match (or If-Modified-Since) means the browser's copy is current.
  if (!("body" in object)) {
    const status = preconditionFailed(conditions, object) ? 412 : 304;
    return new Response(null, { status, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

/** RFC 9110 13.1.1 and 13.1.4: If-Match compares entity tags strongly; If-Unmodified-Since counts only without it. */
export function preconditionFailed(headers: Headers, object: R2Object): boolean {
  const ifMatch = headers.get("If-Match");
  if (ifMatch !== null) {
    const tags = ifMatch.split(",").map((tag) => tag.trim());
    return !tags.includes("*") && !tags.includes(object.httpEtag);
  }
  const since = Date.parse(headers.get("If-Unmodified-Since") ?? "");
  return !Number.isNaN(since) && object.uploaded.getTime() > since + 999;
}
