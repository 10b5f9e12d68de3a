// Photos are public, and the metadata cameras write into them is not meant to be: EXIF carries the GPS position
// (often the contributor's home), the phone's make and serial, and the time. Uploads are stripped of it before
// they reach R2. Only what a decoder needs to draw the picture stays: JPEG's JFIF (APP0), Adobe (APP14, the colour
// transform) and ICC profile (APP2, the colours themselves) segments; PNG's and WebP's image and colour chunks.
// The EXIF orientation goes too (ADR 009): a sideways photo shows sideways, which a contributor can see and fix.
// Pure and forgiving: a damaged file loses what can be recognised as metadata and is otherwise left as it was.

import type { ImageType } from "~/lib/http/image-type";

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function hasText(bytes: Uint8Array, offset: number, text: string): boolean {
  return ascii(text).every((code, i) => bytes[offset + i] === code);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The same image without metadata; the input itself when there was none to remove. */
export function stripImageMetadata(bytes: Uint8Array, extension: ImageType["extension"]): Uint8Array {
  if (extension === "jpg") return stripJpeg(bytes);
  if (extension === "png") return stripPng(bytes);
  return stripWebp(bytes);
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

/** APPn segments a decoder needs; every other APPn (EXIF, XMP, maker notes, MPF, Photoshop IRB...) and COM go. */
function keepsJpegSegment(marker: number, bytes: Uint8Array, payload: number): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  if (marker === APP0) return hasText(bytes, payload, "JFIF\0");
  if (marker === APP2) return hasText(bytes, payload, "ICC_PROFILE\0");
  if (marker === APP14) return hasText(bytes, payload, "Adobe");
  return false;
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return bytes;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let changed = false;
  let pos = 2;
  while (pos < bytes.length) {
    // Anything but a marker here is damage; decoders skip it to the next marker, and so does this.
    if (bytes[pos] !== 0xff) {
      const next = bytes.indexOf(0xff, pos);
      changed = true;
      if (next === -1) break;
      pos = next;
      continue;
    }
    const marker = bytes[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === EOI) {
      kept.push(bytes.subarray(pos, pos + 2));
      // Whatever follows the image (some phones append their own metadata blocks there) is no part of it.
      if (pos + 2 < bytes.length) changed = true;
      pos = bytes.length;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === SOI) {
      kept.push(bytes.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    const length = ((bytes[pos + 2] ?? 0) << 8) | (bytes[pos + 3] ?? 0);
    let end = Math.min(bytes.length, pos + 2 + Math.max(length, 2));
    if (marker === SOS) end = entropyEnd(bytes, end);
    if (keepsJpegSegment(marker, bytes, pos + 4)) kept.push(bytes.subarray(pos, end));
    else changed = true;
    pos = end;
  }
  return changed ? concat(kept) : bytes;
}

/** Where the compressed data after a scan header ends: at the first marker that is not a restart marker. */
function entropyEnd(bytes: Uint8Array, from: number): number {
  let pos = from;
  for (;;) {
    pos = bytes.indexOf(0xff, pos);
    if (pos === -1 || pos + 1 >= bytes.length) return bytes.length;
    const next = bytes[pos + 1] ?? 0;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) pos += next === 0xff ? 1 : 2;
    else return pos;
  }
}

const PNG_METADATA_CHUNKS = new Set(["tEXt", "iTXt", "zTXt", "eXIf", "tIME"]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let changed = false;
  let pos = 8;
  while (pos < bytes.length) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + pos, Math.min(8, bytes.length - pos));
    const length = view.byteLength >= 4 ? view.getUint32(0) : 0;
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    // Length, type, data and CRC.
    const end = Math.min(bytes.length, pos + 12 + length);
    if (PNG_METADATA_CHUNKS.has(type)) changed = true;
    else kept.push(bytes.subarray(pos, end));
    pos = end;
    if (type === "IEND") break;
  }
  if (pos < bytes.length) changed = true;
  return changed ? concat(kept) : bytes;
}

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.slice(0, 12)];
  let changed = false;
  let pos = 12;
  while (pos < bytes.length) {
    const fourcc = String.fromCharCode(...bytes.subarray(pos, pos + 4));
    const size =
      pos + 8 <= bytes.length
        ? new DataView(bytes.buffer, bytes.byteOffset + pos + 4, 4).getUint32(0, true)
        : 0;
    // Chunks are padded to an even size.
    const end = Math.min(bytes.length, pos + 8 + size + (size % 2));
    if (fourcc === "EXIF" || fourcc === "XMP ") {
      changed = true;
    } else if (fourcc === "VP8X" && end > pos + 8) {
      const chunk = bytes.slice(pos, end);
      const flags = chunk[8] ?? 0;
      const cleared = flags & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      if (cleared !== flags) {
        chunk[8] = cleared;
        changed = true;
      }
      kept.push(chunk);
    } else {
      kept.push(bytes.subarray(pos, end));
    }
    pos = end;
  }
  if (!changed) return bytes;
  const out = concat(kept);
  // The RIFF header counts every byte after its own eight.
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}
