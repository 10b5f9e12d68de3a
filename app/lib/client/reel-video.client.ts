import { isAcceptableReel, posterSize } from "~/lib/rules/reel-video";
import { isFastStart, sniffVideoType } from "~/lib/rules/video-type";
import {
  REEL_FILE_MESSAGE,
  REEL_MAX_BYTES,
  REEL_MAX_DURATION_MS,
  REEL_POSTER_MAX_BYTES,
  type ReelVideoType,
} from "~/lib/schemas/reels";

// A chosen video, made ready in the browser before anything is uploaded (ADR 027): its type by its bytes, its size,
// tracks and duration read with mediabunny, an MP4 that is not fast start remuxed to one (the server refuses those),
// and its poster frame drawn. mediabunny is imported here only when a file is chosen, so it is no part of any
// page's first load; `.client` keeps this module, and so mediabunny, out of the server build (ADR 038).

/** Enough of the file's start to sniff its type and find `moov` before `mdat` (as the server reads it). */
const HEAD_BYTES = 64 * 1024;
const POSTER_MAX_HEIGHT = 720;
const POSTER_QUALITIES = [0.8, 0.6, 0.4];
/** A video element that has not shown a frame by then cannot decode this file. */
const FRAME_TIMEOUT_MS = 10_000;

export interface PreparedReel {
  /** What is uploaded: the file itself, or its fast-start remux. */
  video: Blob;
  type: ReelVideoType;
  durationMs: number;
  width: number;
  height: number;
}

export type ReelPreparation = { ok: true; reel: PreparedReel } | { ok: false; message: string };

const refused: ReelPreparation = { ok: false, message: REEL_FILE_MESSAGE };

/**
 * Checks `file` as the server will (type by bytes, at most REEL_MAX_BYTES and REEL_MAX_DURATION_MS, codecs the
 * browsers play) and answers what to upload, or REEL_FILE_MESSAGE. `onRemux` is called before a remux starts, which
 * reads the whole file.
 */
export async function prepareReelVideo(file: Blob, onRemux?: () => void): Promise<ReelPreparation> {
  if (file.size === 0 || file.size > REEL_MAX_BYTES) return refused;
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const type = sniffVideoType(head);
  if (!type) return refused;
  const media = await import("mediabunny");
  const input = new media.Input({
    source: new media.BlobSource(file),
    formats: [type.extension === "mp4" ? media.MP4 : media.WEBM],
  });
  try {
    const track = await input.getPrimaryVideoTrack();
    const audio = await input.getAudioTracks();
    // From the last packets, not the header's duration (as the server computes it).
    const durationMs = Math.round((await input.computeDuration()) * 1000);
    const acceptable = isAcceptableReel(
      {
        extension: type.extension,
        bytes: file.size,
        videoCodec: track?.codec ?? null,
        audioCodecs: audio.map((item) => item.codec ?? null),
        durationMs,
      },
      { maxBytes: REEL_MAX_BYTES, maxDurationMs: REEL_MAX_DURATION_MS },
    );
    if (!track || !acceptable) return refused;
    let video = file;
    if (type.extension === "mp4" && isFastStart(head) !== true) {
      onRemux?.();
      // The same tracks copied, not re-encoded, with the index written first ('in-memory': up to 50 MB).
      const output = new media.Output({
        format: new media.Mp4OutputFormat({ fastStart: "in-memory" }),
        target: new media.BufferTarget(),
      });
      const conversion = await media.Conversion.init({ input, output });
      if (!conversion.isValid) return refused;
      await conversion.execute();
      const buffer = output.target.buffer;
      if (!buffer || buffer.byteLength > REEL_MAX_BYTES) return refused;
      video = new Blob([buffer], { type: type.contentType });
    }
    return {
      ok: true,
      reel: {
        video,
        type: type.contentType,
        durationMs,
        width: track.displayWidth,
        height: track.displayHeight,
      },
    };
  } catch {
    // Not a file mediabunny can read as this container: damaged, truncated, or another format with the right magic.
    return refused;
  } finally {
    input.dispose();
  }
}

type Drawable = HTMLCanvasElement | OffscreenCanvas;

/** The frame as a JPEG under REEL_POSTER_MAX_BYTES, lowering the quality if need be; null if it stays larger. */
async function encodeJpeg(canvas: Drawable): Promise<Blob | null> {
  for (const quality of POSTER_QUALITIES) {
    const blob =
      "convertToBlob" in canvas
        ? await canvas.convertToBlob({ type: "image/jpeg", quality })
        : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob?.type === "image/jpeg" && blob.size <= REEL_POSTER_MAX_BYTES) return blob;
  }
  return null;
}

function once(target: HTMLVideoElement, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const onEvent = () => finish();
    const onError = () => finish(new Error("the video element cannot play this file"));
    function finish(error?: Error) {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener("error", onError);
      if (error) reject(error);
      else resolve();
    }
    target.addEventListener(event, onEvent);
    target.addEventListener("error", onError);
  });
}

/** The frame at about 0.1 s, through a video element as the browser plays it. */
async function frameFromVideoElement(video: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(video);
  const element = document.createElement("video");
  element.muted = true;
  element.playsInline = true;
  element.preload = "auto";
  try {
    const loaded = once(element, "loadeddata", FRAME_TIMEOUT_MS);
    element.src = url;
    await loaded;
    const seeked = once(element, "seeked", FRAME_TIMEOUT_MS);
    // A recorded WebM may not know its duration (Infinity) until played through: 0.1 s is in any reel.
    element.currentTime = Number.isFinite(element.duration) ? Math.min(0.1, element.duration / 2) : 0.1;
    await seeked;
    if (element.videoWidth === 0 || element.videoHeight === 0) return null;
    const size = posterSize(element.videoWidth, element.videoHeight, POSTER_MAX_HEIGHT);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(element, 0, 0, size.width, size.height);
    return await encodeJpeg(canvas);
  } catch {
    return null;
  } finally {
    element.removeAttribute("src");
    element.load();
    URL.revokeObjectURL(url);
  }
}

/** The first frame mediabunny can decode (WebCodecs), for a browser whose video element cannot play the file. */
async function frameFromDecoder(video: Blob): Promise<Blob | null> {
  const media = await import("mediabunny");
  const input = new media.Input({ source: new media.BlobSource(video), formats: [media.MP4, media.WEBM] });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track || !(await track.canDecode())) return null;
    const size = posterSize(track.displayWidth, track.displayHeight, POSTER_MAX_HEIGHT);
    const sink = new media.CanvasSink(track, { width: size.width, height: size.height, fit: "fill" });
    const frame = await sink.getCanvas(await track.getFirstTimestamp());
    return frame ? await encodeJpeg(frame.canvas) : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/** The reel's poster: its first frame (about 0.1 s in) as a JPEG at most 720 px tall, or null when this browser
 * can decode no frame of it. */
export async function capturePoster(video: Blob): Promise<Blob | null> {
  return (await frameFromVideoElement(video)) ?? (await frameFromDecoder(video));
}
