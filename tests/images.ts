// Small real images, made byte by byte, with the metadata cameras write: for the EXIF stripping tests; and `bytes`,
// for the tests that sniff a file by its first bytes.

const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

function segment(marker: number, payload: number[]): number[] {
  return [0xff, marker, ...u16be(payload.length + 2), ...payload];
}

/**
 * A valid 8x8 grey baseline JPEG: JFIF header, one quantisation table, two one-code Huffman tables and a scan of a
 * single block whose every coefficient is zero (DC category 0, then end of block: two 0 bits, padded with 1s).
 */
export const PLAIN_JPEG = new Uint8Array([
  0xff,
  0xd8,
  ...segment(0xe0, [...text("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
  ...segment(0xc0, [8, ...u16be(8), ...u16be(8), 1, 1, 0x11, 0]),
  ...segment(0xc4, [0x00, 1, ...new Array(15).fill(0), 0x00]),
  ...segment(0xc4, [0x10, 1, ...new Array(15).fill(0), 0x00]),
  ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  0x3f,
  0xff,
  0xd9,
]);

/**
 * An EXIF block (little-endian TIFF) with the phone's make and a GPS IFD holding latitude 12° 58' 17" N: what a
 * phone camera writes. IFD0 at 8 (2 entries, ends at 38), GPS IFD at 38 (2 entries, ends at 68), the latitude's
 * three rationals at 68, the make's text at 92.
 */
export const GPS_EXIF_TIFF = [
  ...text("II"),
  ...u16le(42),
  ...u32le(8),
  ...u16le(2),
  ...[...u16le(0x010f), ...u16le(2), ...u32le(6), ...u32le(92)],
  ...[...u16le(0x8825), ...u16le(4), ...u32le(1), ...u32le(38)],
  ...u32le(0),
  ...u16le(2),
  ...[...u16le(0x0001), ...u16le(2), ...u32le(2), ...text("N\0"), 0, 0],
  ...[...u16le(0x0002), ...u16le(5), ...u32le(3), ...u32le(68)],
  ...u32le(0),
  ...[...u32le(12), ...u32le(1), ...u32le(58), ...u32le(1), ...u32le(17), ...u32le(1)],
  ...text("Phone\0"),
];

/** PLAIN_JPEG with an APP1 EXIF segment (GPS position and make), an XMP packet and a comment, as cameras add. */
export const GPS_JPEG = new Uint8Array([
  ...PLAIN_JPEG.subarray(0, 20),
  ...segment(0xe1, [...text("Exif\0\0"), ...GPS_EXIF_TIFF]),
  ...segment(0xe1, [...text("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS</x:xmpmeta>")]),
  ...segment(0xfe, text("Shot at home")),
  ...PLAIN_JPEG.subarray(20),
]);

function pngChunk(type: string, data: number[]): number[] {
  // The CRC is not checked by the stripper, and zero keeps these fixtures short.
  return [...u32be(data.length), ...text(type), ...data, 0, 0, 0, 0];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = pngChunk("IHDR", [...u32be(1), ...u32be(1), 8, 0, 0, 0, 0]);
const IDAT = pngChunk("IDAT", [0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);
const IEND = pngChunk("IEND", []);

export const PLAIN_PNG = new Uint8Array([...PNG_SIGNATURE, ...IHDR, ...IDAT, ...IEND]);
export const GPS_PNG = new Uint8Array([
  ...PNG_SIGNATURE,
  ...IHDR,
  ...pngChunk("eXIf", GPS_EXIF_TIFF),
  ...pngChunk("tEXt", text("Comment\0Shot at home")),
  ...pngChunk("iTXt", text("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>")),
  ...pngChunk("zTXt", text("Raw profile\0\0x")),
  ...pngChunk("tIME", [0x07, 0xe9, 1, 2, 3, 4, 5]),
  ...IDAT,
  ...IEND,
]);

function riffChunk(fourcc: string, data: number[]): number[] {
  return [...text(fourcc), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
}

function webp(chunks: number[][]): Uint8Array {
  const body = [...text("WEBP"), ...chunks.flat()];
  return new Uint8Array([...text("RIFF"), ...u32le(body.length), ...body]);
}

const VP8L = riffChunk("VP8L", [0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]);
const vp8x = (flags: number) => riffChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

// VP8X flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04.
export const PLAIN_WEBP = webp([vp8x(0x10), VP8L]);
export const GPS_WEBP = webp([
  vp8x(0x10 | 0x08 | 0x04),
  VP8L,
  riffChunk("EXIF", GPS_EXIF_TIFF),
  riffChunk("XMP ", text("<x:xmpmeta>GPS</x:xmpmeta>")),
]);

/** Bytes written as numbers, text (each character its code) and runs of numbers. */
export const bytes = (...values: (number | string | number[])[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? text(v) : typeof v === "number" ? [v] : v)));

/** Whether `bytes` holds `needle` anywhere. */
export function contains(bytes: Uint8Array, needle: string): boolean {
  const codes = text(needle);
  outer: for (let i = 0; i + codes.length <= bytes.length; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return true;
  }
  return false;
}
