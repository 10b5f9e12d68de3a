// An image's width and height from its header, without decoding it (the Worker has no image codec): enough to
// check that an uploaded small copy really is small. Null when the header is cut short or not understood.
import type { ImageType } from "./image-type";

export type ImageSize = { width: number; height: number };

/**
 * An uploaded photo's small copy, made in the browser and served to phones: at most this wide (and twice that
 * tall), and this many bytes.
 */
export const SMALL_PHOTO_MAX_WIDTH = 640;
export const SMALL_PHOTO_MAX_HEIGHT = 2 * SMALL_PHOTO_MAX_WIDTH;
export const SMALL_PHOTO_MAX_BYTES = 300 * 1024;

const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) + (bytes[at + 1] ?? 0) * 0x100;
const u16be = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) * 0x100 + (bytes[at + 1] ?? 0);
const u24le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) + (bytes[at + 1] ?? 0) * 0x100 + (bytes[at + 2] ?? 0) * 0x10000;
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
const tag = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

// Start-of-frame markers (baseline, progressive, lossless, arithmetic): the ones that carry the frame's size.
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(bytes: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes and markers without a length (TEM, RSTn) stand alone.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker)) return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    // The image data starts before any frame header: not a JPEG we can read.
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || tag(bytes, 12) !== "IHDR") return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = tag(bytes, 12);
  if (bytes.length < (chunk === "VP8L" ? 25 : 30)) return null;
  if (chunk === "VP8 ") {
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    const bits = u24le(bytes, 21) + (bytes[24] ?? 0) * 0x1000000;
    return { width: 1 + (bits & 0x3fff), height: 1 + (Math.floor(bits / 0x4000) % 0x4000) };
  }
  if (chunk === "VP8X") return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  return null;
}

/** The size an image of `type` (already sniffed from its bytes) says it has. */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  const size =
    type.extension === "jpg" ? jpegSize(bytes) : type.extension === "png" ? pngSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
