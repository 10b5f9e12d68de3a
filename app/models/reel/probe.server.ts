import { msg } from "~/lib/i18n/translate";
import { isAcceptableReel } from "~/lib/rules/reel-video";
import { type ByteSource, readVideoFacts } from "~/lib/rules/video-facts";
import { isFastStart, sniffVideoType, type VideoType } from "~/lib/rules/video-type";
import { REEL_FILE_MESSAGE, REEL_MAX_BYTES, REEL_MAX_DURATION_MS } from "~/lib/schemas/reels";

// What a finished reel upload really is, read from the R2 object itself (ADR 027): its type by its bytes, its
// tracks, codecs, duration and size from the container's index and block headers over R2 range reads (ADR 038).
// Nothing the client said is trusted, and the object is never read whole: a 50 MB video would not fit the Worker's
// time and memory comfortably.

export const REEL_NOT_FAST_START = msg(
  "This MP4 is not ready for streaming. Please choose it again here, which prepares it, or export it with fast start turned on.",
);

/** How much of the file's start is read to sniff its type and find `moov` before `mdat`: the boxes ahead of them
 * (ftyp, free, uuid) are a few hundred bytes in practice. */
const HEAD_BYTES = 64 * 1024;

export interface ReelVideo {
  type: VideoType;
  bytes: number;
  durationMs: number;
  width: number;
  height: number;
}

/** A probe's answer: the video as read, or the message saying why it is refused. */
export type ReelProbe = { ok: true; video: ReelVideo } | { ok: false; message: string };

const refused = (message = REEL_FILE_MESSAGE): ReelProbe => ({ ok: false, message });

/** The least one R2 read fetches: a WebM without cues (as MediaRecorder writes them) is walked to its end for its
 * duration, block header by block header, a 50 MB one in about 50 reads rather than thousands (a Worker may make
 * 1000 binding calls a request). */
const READ_BYTES = 1024 * 1024;

/** The R2 object read by range. The reader asks for a few bytes at a time, mostly one after another, so each ranged
 * get fetches at least READ_BYTES and the reads that fall inside it are answered from memory; the first window is
 * the file's start, read already. */
function r2Source(bucket: R2Bucket, key: string, size: number, head: Uint8Array): ByteSource {
  let window = { offset: 0, bytes: head };
  return {
    size,
    read: async (start, length) => {
      const end = Math.min(size, start + length);
      if (start < window.offset || end > window.offset + window.bytes.byteLength) {
        const object = await bucket.get(key, {
          range: { offset: start, length: Math.min(size - start, Math.max(end - start, READ_BYTES)) },
        });
        if (!object) throw new Error(`${key} vanished while it was read`);
        window = { offset: start, bytes: new Uint8Array(await object.arrayBuffer()) };
      }
      return window.bytes.subarray(start - window.offset, end - window.offset);
    },
  };
}

/**
 * Reads the uploaded video at `key` in `bucket` and says whether it is a reel Nukkad takes: MP4 (ftyp) or WebM
 * (EBML) by its bytes and of the `expected` type, at most REEL_MAX_BYTES, one video track in a codec of that
 * container with audio in one or none, at most REEL_MAX_DURATION_MS long, and an MP4's index before its media (fast
 * start). A file that cannot be read as its container is refused like any other.
 */
export async function probeReelVideo(
  bucket: R2Bucket,
  key: string,
  expected: VideoType["extension"],
): Promise<ReelProbe> {
  const stored = await bucket.head(key);
  if (!stored || stored.size === 0 || stored.size > REEL_MAX_BYTES) return refused();
  const head = await bucket.get(key, { range: { offset: 0, length: Math.min(HEAD_BYTES, stored.size) } });
  if (!head) return refused();
  const start = new Uint8Array(await head.arrayBuffer());
  const type = sniffVideoType(start);
  if (!type || type.extension !== expected) return refused();
  if (type.extension === "mp4") {
    const fastStart = isFastStart(start);
    if (fastStart === false) return refused(REEL_NOT_FAST_START);
    if (fastStart === null) return refused();
  }
  const facts = await readVideoFacts(r2Source(bucket, key, stored.size, start), type.extension);
  if (
    !facts ||
    !isAcceptableReel(
      { extension: type.extension, bytes: stored.size, ...facts },
      { maxBytes: REEL_MAX_BYTES, maxDurationMs: REEL_MAX_DURATION_MS },
    )
  )
    return refused();
  return {
    ok: true,
    video: {
      type,
      bytes: stored.size,
      durationMs: facts.durationMs,
      width: facts.width,
      height: facts.height,
    },
  };
}
