import {
  BufferSource,
  BufferTarget,
  Conversion,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  WEBM,
} from "mediabunny";
import { describe, expect, it } from "vitest";
import { type ByteSource, readVideoFacts, type VideoFacts } from "~/lib/rules/video-facts";
import { sniffVideoType } from "~/lib/rules/video-type";
import biryani from "../../scripts/seed-media/reels/biryani.mp4?inline";
import chai from "../../scripts/seed-media/reels/chai.mp4?inline";
import longMp4 from "../fixtures/reels/61s.mp4?inline";
import webmClip from "../fixtures/reels/clip.webm?inline";
import fastStartMp4 from "../fixtures/reels/faststart.mp4?inline";
import hevcMp4 from "../fixtures/reels/hevc.mp4?inline";
import noCuesWebm from "../fixtures/reels/no-cues.webm?inline";
import slowStartMp4 from "../fixtures/reels/not-faststart.mp4?inline";

// The server's reader of reels (ADR 038) against mediabunny, which checks the same file in the browser before it
// is uploaded: on the seed clips (scripts/make-reel-clips.ts) and the upload tests' fixtures they must read the same
// facts, or a file the browser let through would be refused after a 50 MB upload.

const bytesOf = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));

/** The bytes as a ByteSource that counts what is read. */
function sourceOf(bytes: Uint8Array): ByteSource & { bytesRead: number; reads: number } {
  return {
    size: bytes.byteLength,
    bytesRead: 0,
    reads: 0,
    async read(offset, length) {
      this.reads++;
      this.bytesRead += length;
      return bytes.slice(offset, offset + length);
    },
  };
}

async function mediabunnyFacts(bytes: Uint8Array): Promise<VideoFacts> {
  const input = new Input({ source: new BufferSource(bytes), formats: [MP4, WEBM] });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getAudioTracks();
    return {
      videoCodec: video?.codec ?? null,
      audioCodecs: audio.map((track) => track.codec ?? null),
      durationMs: Math.round((await input.computeDuration()) * 1000),
      width: video?.displayWidth ?? 0,
      height: video?.displayHeight ?? 0,
    };
  } finally {
    input.dispose();
  }
}

const extensionOf = (bytes: Uint8Array) => sniffVideoType(bytes)?.extension ?? "mp4";

const clips: [string, string][] = [
  ["the biryani seed clip", biryani],
  ["the chai seed clip", chai],
  ["a fast-start MP4", fastStartMp4],
  ["an MP4 with its index last", slowStartMp4],
  ["a 61 s MP4", longMp4],
  ["an HEVC MP4", hevcMp4],
  ["a VP9/Opus WebM with cues", webmClip],
  ["a WebM without cues, as a recorder writes it", noCuesWebm],
];

describe("readVideoFacts", () => {
  it.each(clips)("reads %s as mediabunny does", async (_name, clip) => {
    const bytes = bytesOf(clip);
    expect(await readVideoFacts(sourceOf(bytes), extensionOf(bytes))).toEqual(await mediabunnyFacts(bytes));
  });

  it("reads the seed clips' codecs, size and length", async () => {
    expect(await readVideoFacts(sourceOf(bytesOf(biryani)), "mp4")).toEqual({
      videoCodec: "avc",
      audioCodecs: ["aac"],
      durationMs: 6000,
      width: 540,
      height: 960,
    });
    expect(await readVideoFacts(sourceOf(bytesOf(webmClip)), "webm")).toMatchObject({
      videoCodec: "vp9",
      audioCodecs: ["opus"],
      durationMs: 2007,
    });
  });

  it("reads a fast-start MP4's boxes and index, not its media", async () => {
    const bytes = bytesOf(biryani);
    const source = sourceOf(bytes);
    await readVideoFacts(source, "mp4");
    expect(source.bytesRead).toBeLessThan(bytes.byteLength / 10);
  });

  it("reads a WebM's block headers, not its frames", async () => {
    const bytes = bytesOf(noCuesWebm);
    const source = sourceOf(bytes);
    await readVideoFacts(source, "webm");
    expect(source.bytesRead).toBeLessThan(bytes.byteLength / 2);
  });

  it("reads a fragmented MP4 (as Safari records) as mediabunny does", async () => {
    const input = new Input({ source: new BufferSource(bytesOf(fastStartMp4)), formats: [MP4] });
    const output = new Output({
      format: new Mp4OutputFormat({ fastStart: "fragmented" }),
      target: new BufferTarget(),
    });
    const conversion = await Conversion.init({ input, output });
    await conversion.execute();
    const fragmented = new Uint8Array(output.target.buffer ?? new ArrayBuffer(0));
    const facts = await readVideoFacts(sourceOf(fragmented), "mp4");
    expect(facts).toEqual(await mediabunnyFacts(fragmented));
    expect(facts).toMatchObject({ videoCodec: "avc", audioCodecs: ["aac"], width: 160, height: 284 });
    expect(facts?.durationMs).toBeGreaterThan(1900);
  });

  it.each(clips)("answers null, never throws, for %s cut short anywhere", async (_name, clip) => {
    const bytes = bytesOf(clip);
    const extension = extensionOf(bytes);
    const whole = await readVideoFacts(sourceOf(bytes), extension);
    // Every cut of the index, and cuts through the media: each is either unreadable or reads as a shorter file.
    for (let cut = 0; cut < bytes.byteLength; cut += cut < 4096 ? 7 : 997) {
      const facts = await readVideoFacts(sourceOf(bytes.subarray(0, cut)), extension);
      if (facts) expect(facts.durationMs).toBeLessThanOrEqual(whole?.durationMs ?? 0);
    }
  });

  it("answers null for boxes and elements whose sizes lie, and for noise", async () => {
    const mp4 = bytesOf(fastStartMp4);
    const webm = bytesOf(webmClip);
    // Each size field in the first bytes set to huge, zero or one.
    for (let at = 0; at < 512; at += 4) {
      for (const value of [0xff, 0x00, 0x01]) {
        const broken = mp4.slice();
        broken[at] = value;
        await expect(readVideoFacts(sourceOf(broken), "mp4")).resolves.not.toThrow();
        const brokenWebm = webm.slice();
        brokenWebm[at] = value;
        await expect(readVideoFacts(sourceOf(brokenWebm), "webm")).resolves.not.toThrow();
      }
    }
    // Deterministic noise: a linear congruential sequence.
    const noise = new Uint8Array(4096);
    for (let i = 0, seed = 7; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      noise[i] = seed & 0xff;
    }
    expect(await readVideoFacts(sourceOf(noise), "mp4")).toBeNull();
    expect(await readVideoFacts(sourceOf(noise), "webm")).toBeNull();
    expect(await readVideoFacts(sourceOf(new Uint8Array(0)), "mp4")).toBeNull();
  });

  it("walks a table claiming billions of samples run by run, in no time", async () => {
    const bytes = bytesOf(fastStartMp4).slice();
    // The video track's stts: one run of 2^32 - 1 samples of one tick each.
    const text = new TextDecoder("latin1").decode(bytes);
    const stts = text.indexOf("stts");
    const view = new DataView(bytes.buffer);
    view.setUint32(stts + 8, 1);
    view.setUint32(stts + 12, 0xffffffff);
    view.setUint32(stts + 16, 1);
    const started = Date.now();
    const facts = await readVideoFacts(sourceOf(bytes), "mp4");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(facts?.durationMs ?? Number.POSITIVE_INFINITY).toBeGreaterThan(60_000);
  });
});
