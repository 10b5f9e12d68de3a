// HTTP range requests (RFC 9110 sections 13.1.5, 14), read without I/O so every answer is decided here and the
// model only carries it out. Video players depend on them: iOS Safari opens a video with `Range: bytes=0-1` and
// refuses to play unless the answer is a correct 206, and every seek asks for `bytes=<offset>-`.

/** One range as the client wrote it: `first-last`, `first-` (to the end) or `-suffix` (the last bytes). */
export type RangeSpec = { first: number; last: number | null } | { suffix: number };

/** Bytes of a stored object to answer with: `length` bytes from `offset`. */
export type ByteRange = { offset: number; length: number };

const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * The one byte range a Range header asks for, or null when the header is to be ignored and the whole file
 * answered with 200, as RFC 9110 14.2 allows: no header, another unit, a malformed or backwards range (`5-2`),
 * and more than one range. Several ranges would need a multipart/byteranges answer, which no video or audio
 * player asks for; answering only the first one would send fewer bytes than were asked for with nothing saying so,
 * so the whole file (which holds them all) is the answer that is both allowed and honest.
 * Whitespace is allowed only where the list syntax puts it (around the commas, RFC 9110 5.6.1), and empty list
 * elements are skipped. Numbers too large for a double stay comparable (at worst Infinity): R2 objects are at
 * most 5 TB, far below 2^53, so any number that loses precision is past the end anyway.
 */
export function parseRangeHeader(header: string | null): RangeSpec | null {
  if (header === null) return null;
  const equals = header.indexOf("=");
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== "bytes") return null;
  const specs = header
    .slice(equals + 1)
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  if (specs.length !== 1) return null;
  const spec = specs[0] ?? "";
  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix) return { suffix: Number(suffix[1]) };
  const int = INT_RANGE.exec(spec);
  if (!int) return null;
  const first = Number(int[1]);
  const last = int[2] === "" ? null : Number(int[2]);
  return last !== null && last < first ? null : { first, last };
}

/**
 * Where a requested range falls in a file of `size` bytes (RFC 9110 14.1.1): the bytes to send, with a last
 * position past the end cut at the end and a suffix longer than the file meaning all of it; "unsatisfiable" (416)
 * when it starts at or past the end or asks for the last 0 bytes; "whole" (200) for a suffix of an empty file,
 * which is satisfiable but has no first and last byte for a Content-Range to name.
 */
export function resolveByteRange(spec: RangeSpec, size: number): ByteRange | "unsatisfiable" | "whole" {
  if ("suffix" in spec) {
    if (spec.suffix === 0) return "unsatisfiable";
    if (size === 0) return "whole";
    const length = Math.min(spec.suffix, size);
    return { offset: size - length, length };
  }
  if (spec.first >= size) return "unsatisfiable";
  const last = Math.min(spec.last ?? size - 1, size - 1);
  return { offset: spec.first, length: last - spec.first + 1 };
}

/** The Content-Range of a 206 answer. */
export function contentRange({ offset, length }: ByteRange, size: number): string {
  return `bytes ${offset}-${offset + length - 1}/${size}`;
}

/** The Content-Range of a 416 answer: the size, so the client can ask again within it. */
export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}

/**
 * Whether a range request's If-Range lets the range through (RFC 9110 13.1.5): without the header, yes; with an
 * entity tag, only one strongly equal to the file's (a weak tag never matches); with a date, no, since these
 * answers carry no Last-Modified for a date to be checked against. A failed If-Range answers the whole file.
 */
export function ifRangeHolds(ifRange: string | null, etag: string): boolean {
  if (ifRange === null) return true;
  const validator = ifRange.trim();
  return validator.startsWith('"') && validator === etag;
}
