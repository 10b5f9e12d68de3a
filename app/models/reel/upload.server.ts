import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reels, reelUploads, stalls } from "~/db/schema";
import { randomId } from "~/lib/auth/tokens";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "~/lib/http/image-type";
import { reencodeJpeg } from "~/lib/http/reencode-jpeg";
import { msg } from "~/lib/i18n/translate";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import {
  REEL_PART_BYTES,
  REEL_POSTER_MAX_BYTES,
  REELS_PER_DAY,
  type ReelCreateInput,
  type ReelUploadStart,
  type ReelUploadTicket,
} from "~/lib/schemas/reels";
import { refuseIfRestricted } from "~/models/account-restriction.server";
import { mediaObjectKey } from "~/models/media.server";
import { ModelError } from "~/models/model-error";
import { DAY_MS, dailyLimit } from "~/models/rate-limit.server";
import { dailyLimitFor } from "~/models/trust.server";
import { probeReelVideo } from "./probe.server";

// Uploading a reel (ADR 027): the video goes to R2 as a multipart upload through the Worker, in parts of
// REEL_PART_BYTES, each streamed and never buffered; a `reel_uploads` row says whose upload it is. The form that
// finishes it sends the stall, caption and poster frame: the upload is completed, the finished object read back by
// ranges and probed, and a pending reel made for the moderators, or the object deleted and the file refused.

/** Reels begun per person in any 24 hours: reels made plus uploads in progress (an upload becomes the reel). */
export const DAILY_REEL_LIMIT = dailyLimit(
  REELS_PER_DAY,
  msg("You can add up to 10 reels a day. Please try again tomorrow."),
  dailyLimit(
    2,
    msg("While your account is new, you can add up to 2 reels a day. Please try again tomorrow."),
  ),
);
export const REEL_UPLOAD_NOT_FOUND = msg("This upload has ended. Please choose the video again.");
export const REEL_POSTER_INVALID = msg("The cover picture must be a JPEG image up to 1 MB");
export const REEL_PARTS_MISSING = msg("Some of the video did not arrive. Please try again.");
const NO_SUCH_STALL = msg("No stall on Nukkad has this id");
/** Uploads not finished within this are abandoned: the hourly job aborts them. */
export const STALE_REEL_UPLOAD_MS = DAY_MS;

type UploadRow = typeof reelUploads.$inferSelect;

/** How many parts an upload of `bytes` is sent in, and the exact size of part `n` (R2 wants every part but the last
 * of one size; declaring the total fixes the last one's too). */
export const reelPartCount = (bytes: number) => Math.ceil(bytes / REEL_PART_BYTES);
const partSize = (bytes: number, n: number) => Math.min(REEL_PART_BYTES, bytes - (n - 1) * REEL_PART_BYTES);

const extensionOf = (type: ReelUploadStart["type"]) => (type === "video/mp4" ? "mp4" : "webm");

/** SQL counting `userId`'s reels and reel uploads begun after `since`. */
const reelsBegunSince = (userId: string, since: number) =>
  sql`(SELECT count(*) FROM ${reels} WHERE ${reels.userId} = ${userId} AND ${reels.createdAt} > ${since})
    + (SELECT count(*) FROM ${reelUploads} WHERE ${reelUploads.userId} = ${userId} AND ${reelUploads.createdAt} > ${since})`;

/** Seconds until the oldest reel or upload counted against the limit leaves the 24 hours. */
async function secondsUntilAllowed(db: Db, userId: string, now: number): Promise<number> {
  const since = now - DAY_MS;
  const [row] = await db.all<{ oldest: number | null }>(sql`
    SELECT min(created_at) AS oldest FROM (
      SELECT ${reels.createdAt} AS created_at FROM ${reels} WHERE ${reels.userId} = ${userId} AND ${reels.createdAt} > ${since}
      UNION ALL
      SELECT ${reelUploads.createdAt} FROM ${reelUploads} WHERE ${reelUploads.userId} = ${userId} AND ${reelUploads.createdAt} > ${since}
    )`);
  return Math.max(1, Math.ceil(((row?.oldest ?? now) + DAY_MS - now) / 1000));
}

/**
 * Begins the upload of a reel's video of `input.size` bytes: an R2 multipart upload under a new media key, and the
 * row that makes it the user's. Refused: an unconfirmed e-mail address (403), and past DAILY_REEL_LIMIT (429 with
 * the seconds until a slot frees). The row comes first, as a reservation written only while the user is under the
 * limit (counting and writing are one statement, so a burst cannot all pass); then R2's upload, whose id the row
 * takes. If the Worker dies in between, the row without an R2 id is abandoned like any other and the hourly job
 * removes it.
 */
export async function startReelUpload(
  db: Db,
  bucket: R2Bucket,
  user: { id: string; emailVerified: boolean },
  input: ReelUploadStart,
  now = Date.now(),
): Promise<ReelUploadTicket> {
  if (!mayContribute(user)) throw new ModelError(403, CONFIRM_EMAIL_FIRST);
  await refuseIfRestricted(db, user.id, now);
  const daily = await dailyLimitFor(db, user.id, DAILY_REEL_LIMIT);
  const id = randomId(24);
  const videoKey = `${randomId(24)}.${extensionOf(input.type)}`;
  const reserved = await db.all<{ id: string }>(sql`
    INSERT INTO ${reelUploads} (id, user_id, upload_id, video_key, declared_bytes, created_at)
    SELECT ${id}, ${user.id}, '', ${videoKey}, ${input.size}, ${now}
    WHERE ${reelsBegunSince(user.id, now - DAY_MS)} < ${daily.limit}
    RETURNING id`);
  if (reserved.length === 0) {
    throw new ModelError(429, daily.message, {
      retryAfterSeconds: await secondsUntilAllowed(db, user.id, now),
    });
  }
  try {
    const upload = await bucket.createMultipartUpload(mediaObjectKey(videoKey), {
      httpMetadata: { contentType: input.type },
    });
    await db.update(reelUploads).set({ uploadId: upload.uploadId }).where(eq(reelUploads.id, id));
  } catch (error) {
    await db.delete(reelUploads).where(eq(reelUploads.id, id));
    throw error;
  }
  return { upload_id: id, part_bytes: REEL_PART_BYTES, part_count: reelPartCount(input.size) };
}

/** The user's upload `uploadId`; anyone else's, a finished or an aborted one is 404 (nothing says it exists). */
async function ownUpload(db: Db, userId: string, uploadId: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(reelUploads)
    .where(and(eq(reelUploads.id, uploadId), eq(reelUploads.userId, userId)))
    .limit(1);
  if (!row || row.uploadId === "") throw new ModelError(404, REEL_UPLOAD_NOT_FOUND, { field: "upload_id" });
  return row;
}

/**
 * Sends part `partNumber` of the user's upload, `length` bytes streamed from `body` to R2 as they arrive. Every
 * part has one right size (REEL_PART_BYTES, the last what remains of the declared size); a part of another number
 * or size is refused (400, or 413 past REEL_PART_BYTES) before R2 is touched. Sending a part again replaces it:
 * a client that lost its connection resends the parts it has no answer for.
 */
export async function uploadReelPart(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  uploadId: string,
  partNumber: number,
  body: ReadableStream<Uint8Array> | null,
  length: number,
): Promise<{ part_number: number; etag: string }> {
  const row = await ownUpload(db, userId, uploadId);
  const count = reelPartCount(row.declaredBytes);
  if (partNumber > count)
    throw new ModelError(400, msg("This upload has {count} parts", { count }), { field: "part_number" });
  if (length > REEL_PART_BYTES)
    throw new ModelError(413, msg("A part is at most {bytes} bytes", { bytes: REEL_PART_BYTES }), {
      field: "part",
    });
  const expected = partSize(row.declaredBytes, partNumber);
  if (length !== expected || !body)
    throw new ModelError(
      400,
      msg("Part {partNumber} of this upload is {expected} bytes", { partNumber, expected }),
      {
        field: "part",
      },
    );
  // The stream must carry exactly the length declared: R2 needs it before the first byte, and a body that runs
  // shorter or longer than its Content-Length errors here instead of storing a part of the wrong size.
  const sized = new FixedLengthStream(length);
  const piped = body.pipeTo(sized.writable);
  const upload = bucket.resumeMultipartUpload(mediaObjectKey(row.videoKey), row.uploadId);
  const [sent, part] = await Promise.allSettled([piped, upload.uploadPart(partNumber, sized.readable)]);
  // A body of the wrong length fails the FixedLengthStream, which R2 reports as a TypeError; R2's own failures are
  // plain Errors.
  if (sent.status === "rejected" || (part.status === "rejected" && part.reason instanceof TypeError))
    throw new ModelError(
      400,
      msg("Part {partNumber} of this upload is {expected} bytes", { partNumber, expected }),
      {
        field: "part",
      },
    );
  if (part.status === "rejected") throw part.reason;
  return { part_number: part.value.partNumber, etag: part.value.etag };
}

/** Removes an upload at R2 and its row. R2 may no longer know it (aborted already, or its creation failed): that is
 * what was wanted. An upload completed but never made a reel (the Worker died in between) leaves an object, which
 * goes too: no reel names it, since the reel and the row's removal are written together. */
async function discardUpload(db: Db, bucket: R2Bucket, row: UploadRow): Promise<void> {
  const key = mediaObjectKey(row.videoKey);
  if (row.uploadId !== "") {
    try {
      await bucket.resumeMultipartUpload(key, row.uploadId).abort();
    } catch {
      // Nothing left to abort.
    }
  }
  await bucket.delete(key);
  await db.delete(reelUploads).where(eq(reelUploads.id, row.id));
}

/** Cancels the user's upload: its parts leave R2 and it no longer counts against the daily limit. */
export async function abortReelUpload(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  uploadId: string,
): Promise<void> {
  await discardUpload(db, bucket, await ownUpload(db, userId, uploadId));
}

/** Aborts uploads begun more than STALE_REEL_UPLOAD_MS before `now` (abandoned forms, closed tabs), a hundred a run,
 * for the hourly job. Answers how many went. */
export async function abortStaleReelUploads(db: Db, bucket: R2Bucket, now = Date.now()): Promise<number> {
  const stale = await db
    .select()
    .from(reelUploads)
    .where(lte(reelUploads.createdAt, now - STALE_REEL_UPLOAD_MS))
    .limit(100);
  for (const row of stale) await discardUpload(db, bucket, row);
  return stale.length;
}

/** A poster frame as Nukkad stores it: a JPEG up to REEL_POSTER_MAX_BYTES, decoded and encoded again (the bytes sent
 * are never stored, and the metadata a camera wrote does not survive). */
async function readPoster(poster: File) {
  if (poster.size > REEL_POSTER_MAX_BYTES)
    throw new ModelError(413, REEL_POSTER_INVALID, { field: "poster" });
  const bytes = new Uint8Array(await poster.arrayBuffer());
  const jpeg =
    sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES))?.extension === "jpg" && reencodeJpeg(bytes);
  if (!jpeg) throw new ModelError(400, REEL_POSTER_INVALID, { field: "poster" });
  return jpeg;
}

/**
 * Finishes the user's upload `input.upload_id` as a pending reel of the approved stall `input.stall_id`, with the
 * caption and `poster` frame. Refused, keeping the upload for another try: an unknown upload (404), a poster that is
 * not a JPEG up to REEL_POSTER_MAX_BYTES that decodes (400 or 413, poster), a stall not on Nukkad (400, stall_id),
 * parts R2 cannot assemble (400, parts). Then R2 completes the upload and the object is probed (probe.server.ts);
 * a video Nukkad does not take is deleted with its upload and refused (400, video). The reel row and the upload
 * row's removal are one batch, after both objects are stored, so a reel never names a missing object.
 */
export async function createReel(
  db: Db,
  bucket: R2Bucket,
  user: { id: string },
  input: ReelCreateInput,
  poster: File,
  now = Date.now(),
): Promise<{ id: string; status: "pending" }> {
  await refuseIfRestricted(db, user.id, now);
  const upload = await ownUpload(db, user.id, input.upload_id);
  const cover = await readPoster(poster);
  const [stall] = await db
    .select({ id: stalls.id, gridCell: stalls.gridCell })
    .from(stalls)
    .where(and(eq(stalls.shopUniqueId, input.stall_id), eq(stalls.status, "approved")))
    .limit(1);
  if (!stall) throw new ModelError(400, NO_SUCH_STALL, { field: "stall_id" });
  const videoObject = mediaObjectKey(upload.videoKey);
  try {
    await bucket
      .resumeMultipartUpload(videoObject, upload.uploadId)
      .complete(input.parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })));
  } catch (error) {
    throw new ModelError(400, REEL_PARTS_MISSING, { field: "parts", cause: error });
  }
  const probe = await probeReelVideo(bucket, videoObject, upload.videoKey.endsWith(".mp4") ? "mp4" : "webm");
  if (!probe.ok) {
    await discardUpload(db, bucket, upload);
    throw new ModelError(400, probe.message, { field: "video" });
  }
  const posterKey = `${randomId(24)}.jpg`;
  await bucket.put(mediaObjectKey(posterKey), cover, { httpMetadata: { contentType: "image/jpeg" } });
  const publicId = randomId(12);
  try {
    await db.batch([
      db.insert(reels).values({
        publicId,
        userId: user.id,
        stallId: stall.id,
        gridCell: stall.gridCell,
        caption: input.caption,
        videoKey: upload.videoKey,
        posterKey,
        videoType: probe.video.type.contentType,
        videoBytes: probe.video.bytes,
        durationMs: probe.video.durationMs,
        width: probe.video.width,
        height: probe.video.height,
        createdAt: now,
      }),
      db.delete(reelUploads).where(eq(reelUploads.id, upload.id)),
    ]);
  } catch (error) {
    await bucket.delete([videoObject, mediaObjectKey(posterKey)]);
    throw error;
  }
  return { id: publicId, status: "pending" };
}
