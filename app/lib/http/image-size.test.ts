import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";
import { type ImageType, sniffImageType } from "./image-type";

const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const be32 = (n: number) => [...be16(n >>> 16), ...be16(n & 0xffff)];

const png = (width: number, height: number) =>
  new Uint8Array([
    0x89,
    ...text("PNG\r\n\x1a\n"),
    ...be32(13),
    ...text("IHDR"),
    ...be32(width),
    ...be32(height),
    8,
    6,
  ]);
// A JFIF segment first, then the baseline frame header: the size comes from the frame, wherever it is.
const jpeg = (width: number, height: number, frame = 0xc0) =>
  new Uint8Array([
    0xff,
    0xd8,
    ...[0xff, 0xe0, ...be16(16), ...text("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, frame, ...be16(11), 8, ...be16(height), ...be16(width), 1, 1, 0x11, 0],
  ]);
const riff = (chunk: string, payload: number[]) =>
  new Uint8Array([
    ...text("RIFF"),
    ...le24(4 + payload.length),
    0,
    ...text("WEBP"),
    ...text(chunk),
    ...payload,
  ]);
const vp8 = (width: number, height: number) =>
  riff("VP8 ", [...le24(20), 0, 0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0]);
const vp8l = (width: number, height: number) => {
  const bits = width - 1 + (height - 1) * 0x4000;
  return riff("VP8L", [
    ...le24(10),
    0,
    0x2f,
    bits & 0xff,
    (bits >> 8) & 0xff,
    (bits >> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
  ]);
};
const vp8x = (width: number, height: number) =>
  riff("VP8X", [...le24(10), 0, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1), 0]);

const sizeOf = (bytes: Uint8Array) => imageSize(bytes, sniffImageType(bytes) as ImageType);

describe("imageSize", () => {
  it.each([
    ["PNG", png(640, 427)],
    ["baseline JPEG", jpeg(640, 427)],
    ["progressive JPEG", jpeg(640, 427, 0xc2)],
    ["lossy WebP", vp8(640, 427)],
    ["lossless WebP", vp8l(640, 427)],
    ["extended WebP", vp8x(640, 427)],
  ])("reads a %s's width and height from its header", (_kind, bytes) => {
    expect(sizeOf(bytes)).toEqual({ width: 640, height: 427 });
  });

  it("reads sizes past 8 bits and up to the formats' limits", () => {
    expect(sizeOf(png(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(sizeOf(jpeg(65535, 1))).toEqual({ width: 65535, height: 1 });
    expect(sizeOf(vp8l(16384, 16384))).toEqual({ width: 16384, height: 16384 });
  });

  it("answers null for a header cut short, a zero size or a JPEG with no frame before its data", () => {
    expect(sizeOf(png(640, 427).slice(0, 20))).toBeNull();
    expect(sizeOf(jpeg(640, 427).slice(0, 24))).toBeNull();
    expect(sizeOf(vp8(640, 427).slice(0, 24))).toBeNull();
    expect(sizeOf(png(0, 427))).toBeNull();
    const scanFirst = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xda,
      ...be16(8),
      1,
      1,
      0,
      0,
      63,
      0,
      ...jpeg(640, 427).slice(2),
    ]);
    expect(sizeOf(scanFirst)).toBeNull();
  });
});
