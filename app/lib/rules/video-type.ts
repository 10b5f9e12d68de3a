// Reels accept MP4 and WebM, told apart by their bytes and never by a file name or the client's Content-Type, like
// photos (ADR 009). Pure and total: any bytes at all, truncated or hostile, answer null rather than throw.

export type VideoType =
  | { contentType: "video/mp4"; extension: "mp4" }
  | { contentType: "video/webm"; extension: "webm" };

const MP4: VideoType = { contentType: "video/mp4", extension: "mp4" };
const WEBM: VideoType = { contentType: "video/webm", extension: "webm" };

// ISO BMFF brands of MP4 video that browsers play. QuickTime (`qt  `), 3GPP and audio-only brands (M4A) are not
// here: an iPhone .mov or a .3gp may hold codecs the other browsers refuse.
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE_ID = 0x4282;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

// Arithmetic rather than bit operators, which would turn sizes of 2 GB and more negative.
const uint32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 2 ** 24 +
  (bytes[at + 1] ?? 0) * 2 ** 16 +
  (bytes[at + 2] ?? 0) * 2 ** 8 +
  (bytes[at + 3] ?? 0);

/** MP4 or WebM by the file's first bytes (the ftyp box, or the EBML header and its DocType), else null. */
export function sniffVideoType(bytes: Uint8Array): VideoType | null {
  if (isMp4(bytes)) return MP4;
  if (isWebm(bytes)) return WEBM;
  return null;
}

/**
 * An ISO BMFF file opens with its `ftyp` box: size, "ftyp", major brand, minor version, then compatible brands.
 * The file is MP4 video when the major brand or one of the compatible ones (the brands it declares it conforms
 * to) is one we know.
 */
function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const size = uint32(bytes, 0);
  if (size < 16 || size % 4 !== 0) return false;
  if (MP4_BRANDS.has(ascii(bytes, 8, 12))) return true;
  const end = Math.min(size, bytes.length);
  for (let at = 16; at + 4 <= end; at += 4) if (MP4_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

/**
 * An EBML variable-length integer at `at`: its length is told by the first byte's leading zeros (1 to 8 bytes).
 * IDs keep their length marker; sizes drop it. Null when cut short or the first byte is 0 (no valid length).
 */
function readVint(
  bytes: Uint8Array,
  at: number,
  keepMarker: boolean,
): { value: number; next: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return { value, next: at + length };
}

/** A WebM file opens with an EBML header (1A 45 DF A3) whose DocType element says "webm" (Matroska says "matroska"). */
function isWebm(bytes: Uint8Array): boolean {
  if (!EBML_MAGIC.every((byte, i) => bytes[i] === byte)) return false;
  const header = readVint(bytes, EBML_MAGIC.length, false);
  if (!header) return false;
  const end = Math.min(header.next + header.value, bytes.length);
  let at = header.next;
  while (at < end) {
    const id = readVint(bytes, at, true);
    const size = id && readVint(bytes, id.next, false);
    if (!size || size.next + size.value > end) return false;
    if (id.value === EBML_DOCTYPE_ID) {
      // EBML strings may be padded with zero bytes.
      return ascii(bytes, size.next, size.next + size.value).replace(/\0+$/, "") === "webm";
    }
    at = size.next + size.value;
  }
  return false;
}

/**
 * Whether an MP4 is fast-start: its `moov` box (the index a player needs before the first frame) comes before
 * `mdat` (the media), so playback starts before the whole file arrives. Walks the top-level boxes of the bytes
 * given (size, type; size 1 means a 64-bit size follows, size 0 that the box runs to the end of the file): true
 * when moov comes first, false when mdat does, null when neither is found in these bytes or a box's size is
 * impossible, since nothing after it can then be located.
 */
export function isFastStart(bytes: Uint8Array): boolean | null {
  let at = 0;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at + 4, at + 8);
    if (type === "moov") return true;
    if (type === "mdat") return false;
    let size = uint32(bytes, at);
    let headerSize = 8;
    if (size === 0) return null;
    if (size === 1) {
      if (at + 16 > bytes.length) return null;
      size = uint32(bytes, at + 8) * 2 ** 32 + uint32(bytes, at + 12);
      headerSize = 16;
    }
    if (size < headerSize) return null;
    at += size;
  }
  return null;
}
