import { CustomSource, Input, type InputFormat, MP4, WEBM } from "mediabunny";
import { msg } from "~/lib/i18n/translate";
import { isFastStart, sniffVideoType, type VideoType } from "~/lib/rules/video-type";
import { REEL_FILE_MESSAGE, REEL_MAX_BYTES, REEL_MAX_DURATION_MS } from "~/lib/schemas/reels";

// What a finished reel upload really is, read from the R2 object itself (ADR 027): its type by its bytes, its
// tracks, codecs, duration and size by mediabunny over R2 range reads. Nothing the client said is trusted, and the
// object is never read whole: a 50 MB video would not fit the Worker's time and memory comfortably.

export const REEL_NOT_FAST_START = msg(
  "This MP4 is not ready for streaming. Please choose it again here, which prepares it, or export it with fast start turned on.",
);

/** How much of the file's start is read to sniff its type and find `moov` before `mdat`: the boxes ahead of them
 * (ftyp, free, uuid) are a few hundred bytes in practice. */
const HEAD_BYTES = 64 * 1024;

// The codecs every browser that plays the container plays too: H.264 with AAC in MP4; VP8, VP9 or AV1 with Opus or
// Vorbis in WebM. A video without sound is fine.
const CODECS: Record<VideoType["extension"], { format: InputFormat; video: string[]; audio: string[] }> = {
  mp4: { format: MP4, video: ["avc"], audio: ["aac"] },
  webm: { format: WEBM, video: ["vp8", "vp9", "av1"], audio: ["opus", "vorbis"] },
};

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

/** The least one R2 read fetches: a WebM without cues (as MediaRecorder writes them) is scanned to its end for
 * its duration, a 50 MB one in 50 reads rather than thousands (a Worker may make 1000 binding calls a request). */
const READ_BYTES = 1024 * 1024;

/** The R2 object as a mediabunny source. mediabunny asks for small ranges, mostly one after another, so each ranged
 * get fetches at least READ_BYTES and the reads that fall inside it are answered from memory; the first window is
 * the file's start, read already. */
function r2Source(bucket: R2Bucket, key: string, size: number, head: Uint8Array): CustomSource {
  let window = { offset: 0, bytes: head };
  return new CustomSource({
    getSize: () => size,
    read: async (start, end) => {
      let read = window;
      if (start < read.offset || end > read.offset + read.bytes.byteLength) {
        const length = Math.min(size - start, Math.max(end - start, READ_BYTES));
        const object = await bucket.get(key, { range: { offset: start, length } });
        if (!object) throw new Error(`${key} vanished while it was read`);
        // Another read may have moved the window meanwhile: this one answers from its own.
        read = { offset: start, bytes: new Uint8Array(await object.arrayBuffer()) };
        window = read;
      }
      return read.bytes.subarray(start - read.offset, end - read.offset);
    },
  });
}

/**
 * Reads the uploaded video at `key` in `bucket` and says whether it is a reel Nukkad takes: MP4 (ftyp) or WebM
 * (EBML) by its bytes and of the `expected` type, at most REEL_MAX_BYTES, one video track in a codec of that
 * container with audio in one or none, at most REEL_MAX_DURATION_MS long, and an MP4's index before its media (fast
 * start). A file mediabunny cannot read is refused like any other.
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
  const codecs = CODECS[type.extension];
  const input = new Input({ source: r2Source(bucket, key, stored.size, start), formats: [codecs.format] });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getAudioTracks();
    if (!video?.codec || !codecs.video.includes(video.codec)) return refused();
    if (audio.some((track) => !track.codec || !codecs.audio.includes(track.codec))) return refused();
    // Computed from the last packets of the tracks, not the header's duration, which a file may state falsely.
    const durationMs = Math.round((await input.computeDuration()) * 1000);
    if (!(durationMs > 0) || durationMs > REEL_MAX_DURATION_MS) return refused();
    return {
      ok: true,
      video: { type, bytes: stored.size, durationMs, width: video.displayWidth, height: video.displayHeight },
    };
  } catch {
    // Not a file mediabunny can read as this container: damaged, truncated or something else with the right magic.
    return refused();
  } finally {
    input.dispose();
  }
}
