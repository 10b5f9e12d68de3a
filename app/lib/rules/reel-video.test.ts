import { describe, expect, it } from "vitest";
import { isAcceptableReel, posterSize, type ReelVideoFacts } from "~/lib/rules/reel-video";
import { REEL_MAX_BYTES, REEL_MAX_DURATION_MS } from "~/lib/schemas/reels";

const limits = { maxBytes: REEL_MAX_BYTES, maxDurationMs: REEL_MAX_DURATION_MS };
const mp4: ReelVideoFacts = {
  extension: "mp4",
  bytes: 9_701,
  videoCodec: "avc",
  audioCodecs: ["aac"],
  durationMs: 2_000,
};

describe("isAcceptableReel", () => {
  it("takes H.264 with AAC in MP4, and VP8, VP9 or AV1 with Opus or Vorbis in WebM, sound or none", () => {
    expect(isAcceptableReel(mp4, limits)).toBe(true);
    expect(isAcceptableReel({ ...mp4, audioCodecs: [] }, limits)).toBe(true);
    for (const videoCodec of ["vp8", "vp9", "av1"])
      for (const audio of ["opus", "vorbis"])
        expect(
          isAcceptableReel({ ...mp4, extension: "webm", videoCodec, audioCodecs: [audio] }, limits),
        ).toBe(true);
  });

  it("refuses HEVC, a codec of the other container, an unknown or missing track", () => {
    expect(isAcceptableReel({ ...mp4, videoCodec: "hevc" }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, videoCodec: "vp9" }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, extension: "webm", videoCodec: "avc" }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, audioCodecs: ["aac", "mp3"] }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, audioCodecs: [null] }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, videoCodec: null }, limits)).toBe(false);
  });

  it("refuses a clip over 60 seconds or 50 MB, and an empty or timeless one", () => {
    expect(isAcceptableReel({ ...mp4, durationMs: REEL_MAX_DURATION_MS }, limits)).toBe(true);
    expect(isAcceptableReel({ ...mp4, durationMs: 61_000 }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, durationMs: 0 }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, durationMs: Number.NaN }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, bytes: REEL_MAX_BYTES }, limits)).toBe(true);
    expect(isAcceptableReel({ ...mp4, bytes: REEL_MAX_BYTES + 1 }, limits)).toBe(false);
    expect(isAcceptableReel({ ...mp4, bytes: 0 }, limits)).toBe(false);
  });
});

describe("posterSize", () => {
  it("shrinks a tall video to 720 px high, keeping its shape", () => {
    expect(posterSize(1080, 1920, 720)).toEqual({ width: 405, height: 720 });
    expect(posterSize(1920, 1080, 720)).toEqual({ width: 1280, height: 720 });
  });

  it("never enlarges a small video, and survives sizes a broken file reports", () => {
    expect(posterSize(160, 284, 720)).toEqual({ width: 160, height: 284 });
    expect(posterSize(0, 0, 720)).toEqual({ width: 1, height: 1 });
    expect(posterSize(Number.NaN, 100, 720)).toEqual({ width: 1, height: 1 });
    expect(posterSize(10_000, 1, 720)).toEqual({ width: 10_000, height: 1 });
  });
});
