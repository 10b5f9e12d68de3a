import { readMp4 } from "./video-facts-mp4";
import { type ByteSource, Malformed, type VideoFacts } from "./video-facts-reading";
import { readWebm } from "./video-facts-webm";
import type { VideoType } from "./video-type";

export type { ByteSource, VideoFacts } from "./video-facts-reading";

// What a reel's container says about it (ADR 038): the first video track's codec and display size, every audio
// track's codec, and the duration to the end of the last frame. Sized for that job and no more: it reads the
// ISO BMFF boxes (moov, and moof for a fragmented MP4) and the Matroska elements a WebM's tracks and clusters need,
// through `source`, a few bytes at a time, skipping the media. It never decodes a frame, and it answers null for
// anything it cannot read (damaged, truncated, hostile): a caller refuses such a file like any other.
// Codec names and the duration follow mediabunny (which the browser uses to check the file before upload), so the
// browser and the server agree on the same file; the tests hold both to the same fixtures.

/** Reads the facts of an MP4 or WebM, or null when the file cannot be read as that container. */
export async function readVideoFacts(
  source: ByteSource,
  extension: VideoType["extension"],
): Promise<VideoFacts | null> {
  try {
    return extension === "mp4" ? await readMp4(source) : await readWebm(source);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}
