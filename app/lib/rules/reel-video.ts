import type { VideoType } from "./video-type";

// What the browser checks of a chosen reel before a byte is uploaded: the same limits the server checks again on
// the stored object (app/models/reel/probe.server.ts), so a file the server would refuse is refused here, at the
// field, without a 50 MB upload first.

/** The codecs every browser that plays the container plays too: H.264 with AAC in MP4; VP8, VP9 or AV1 with Opus
 * or Vorbis in WebM (mediabunny's codec names, which the server's reader uses too). A video without sound is fine. */
export const REEL_CODECS: Record<VideoType["extension"], { video: string[]; audio: string[] }> = {
  mp4: { video: ["avc"], audio: ["aac"] },
  webm: { video: ["vp8", "vp9", "av1"], audio: ["opus", "vorbis"] },
};

export interface ReelVideoFacts {
  extension: VideoType["extension"];
  bytes: number;
  /** The primary video track's codec, null when there is no video track or its codec is unknown. */
  videoCodec: string | null;
  audioCodecs: (string | null)[];
  durationMs: number;
}

/** Whether a video read from its bytes is one Nukkad takes as a reel. */
export function isAcceptableReel(
  facts: ReelVideoFacts,
  limits: { maxBytes: number; maxDurationMs: number },
): boolean {
  const codecs = REEL_CODECS[facts.extension];
  return (
    facts.bytes > 0 &&
    facts.bytes <= limits.maxBytes &&
    facts.videoCodec !== null &&
    codecs.video.includes(facts.videoCodec) &&
    facts.audioCodecs.every((codec) => codec !== null && codecs.audio.includes(codec)) &&
    facts.durationMs > 0 &&
    facts.durationMs <= limits.maxDurationMs
  );
}

/** The size of a poster frame drawn from a video of `width` x `height`: at most `maxHeight` tall, never enlarged,
 * the shape kept, whole pixels and at least 1 each way. */
export function posterSize(
  width: number,
  height: number,
  maxHeight: number,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 1, height: 1 };
  const scale = Math.min(1, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
