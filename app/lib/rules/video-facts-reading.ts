// The byte-level half of reading a reel's container (video-facts.ts): the source read by range, the facts it yields,
// big-endian integers, and the refusal every reader throws at a file it cannot read.

/** Bytes of a stored file, read by range. `read` answers exactly `length` bytes, fewer only at the file's end. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface VideoFacts {
  /** The first video track's codec, null when there is none or its codec is one this reader does not name. */
  videoCodec: string | null;
  audioCodecs: (string | null)[];
  /** From the tracks' samples (the end of the last frame shown), not the header's duration, which may lie. */
  durationMs: number;
  /** As shown: pixel aspect ratio and a quarter-turn rotation applied. 0 when there is no video track. */
  width: number;
  height: number;
}

/** The most of an `moov` or `moof` box read into memory: a 60 s reel's index is tens of KB. */
export const MAX_INDEX_BYTES = 8 * 1024 * 1024;
/** Boxes, elements or blocks walked before giving up on a file: far more than a 50 MB reel holds. */
export const MAX_STEPS = 1_000_000;

export class Malformed extends Error {}

export function check(condition: boolean): asserts condition {
  if (!condition) throw new Malformed();
}

// Arithmetic rather than bit operators, which would turn values of 2^31 and more negative.
export const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) * 256 + (b[at + 1] ?? 0);
export const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);
export const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
export const i32 = (b: Uint8Array, at: number) => {
  const value = u32(b, at);
  return value >= 2 ** 31 ? value - 2 ** 32 : value;
};
export const i64 = (b: Uint8Array, at: number) => {
  const high = u32(b, at);
  return (high >= 2 ** 31 ? high - 2 ** 32 : high) * 2 ** 32 + u32(b, at + 4);
};
export const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

export async function readExactly(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  check(offset >= 0 && length >= 0 && offset + length <= source.size);
  const bytes = await source.read(offset, length);
  check(bytes.byteLength === length);
  return bytes;
}
