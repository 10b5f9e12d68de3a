import type { VideoType } from "./video-type";

// What a reel's container says about it (ADR 038): the first video track's codec and display size, every audio
// track's codec, and the duration to the end of the last frame. Sized for that job and no more: it reads the
// ISO BMFF boxes (moov, and moof for a fragmented MP4) and the Matroska elements a WebM's tracks and clusters need,
// through `source`, a few bytes at a time, skipping the media. It never decodes a frame, and it answers null for
// anything it cannot read (damaged, truncated, hostile): a caller refuses such a file like any other.
// Codec names and the duration follow mediabunny (which the browser uses to check the file before upload), so the
// browser and the server agree on the same file; the tests hold both to the same fixtures.

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
const MAX_INDEX_BYTES = 8 * 1024 * 1024;
/** Boxes, elements or blocks walked before giving up on a file: far more than a 50 MB reel holds. */
const MAX_STEPS = 1_000_000;

class Malformed extends Error {}

function check(condition: boolean): asserts condition {
  if (!condition) throw new Malformed();
}

// Arithmetic rather than bit operators, which would turn values of 2^31 and more negative.
const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) * 256 + (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const i32 = (b: Uint8Array, at: number) => {
  const value = u32(b, at);
  return value >= 2 ** 31 ? value - 2 ** 32 : value;
};
const i64 = (b: Uint8Array, at: number) => {
  const high = u32(b, at);
  return (high >= 2 ** 31 ? high - 2 ** 32 : high) * 2 ** 32 + u32(b, at + 4);
};
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

async function readExactly(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  check(offset >= 0 && length >= 0 && offset + length <= source.size);
  const bytes = await source.read(offset, length);
  check(bytes.byteLength === length);
  return bytes;
}

/** Reads the facts of an MP4 or WebM, or null when the file cannot be read as that container. */
export async function readVideoFacts(
  source: ByteSource,
  extension: VideoType["extension"],
): Promise<VideoFacts | null> {
  try {
    return extension === "mp4" ? await readMp4(source) : await readWebm(source);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

// ---- ISO BMFF (MP4) ----

interface Box {
  type: string;
  /** Offset of the box's payload, and of the byte after the box. */
  start: number;
  end: number;
}

/** The boxes laid end to end in `bytes` from `from` to `to`: size, type, a 64-bit size when size is 1, to the end of
 * the parent when size is 0. */
function* boxesIn(bytes: Uint8Array, from = 0, to = bytes.byteLength): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32(bytes, at);
    let header = 8;
    if (size === 1) {
      check(at + 16 <= to);
      size = u64(bytes, at + 8);
      header = 16;
    } else if (size === 0) size = to - at;
    check(size >= header && at + size <= to);
    yield { type: fourcc(bytes, at + 4), start: at + header, end: at + size };
    at += size;
  }
}

const child = (bytes: Uint8Array, parent: Box, type: string) =>
  [...boxesIn(bytes, parent.start, parent.end)].find((box) => box.type === type);

interface Mp4Track {
  id: number;
  handler: string;
  codec: string | null;
  timescale: number;
  width: number;
  height: number;
  quarterTurn: boolean;
  editOffset: number;
  /** The sample shown last so far: its presentation time and duration, in the track's timescale. */
  lastPts: number;
  lastDuration: number;
  /** Decode time where the next fragment's samples start, for a fragment without `tfdt`. */
  nextDts: number;
  trexDuration: number;
}

const VIDEO_CODECS: Record<string, string> = {
  avc1: "avc",
  avc3: "avc",
  hvc1: "hevc",
  hev1: "hevc",
  vp08: "vp8",
  vp09: "vp9",
  av01: "av1",
};
const AUDIO_CODECS: Record<string, string> = { Opus: "opus", fLaC: "flac", "ac-3": "ac3", "ec-3": "eac3" };

/** A sample shown at `pts` for `duration`: the last so far if it is shown no earlier than the last one. */
function see(track: Mp4Track, pts: number, duration: number) {
  if (pts >= track.lastPts) {
    track.lastPts = pts;
    track.lastDuration = duration;
  }
}

async function readMp4(source: ByteSource): Promise<VideoFacts> {
  // Top-level boxes by their headers only: moov is read whole, moof too (a fragmented file), mdat never.
  let moov: Uint8Array | null = null;
  let tracks: Mp4Track[] = [];
  let fragmented = false;
  let at = 0;
  for (let steps = 0; at + 8 <= source.size; steps++) {
    check(steps < MAX_STEPS);
    const head = await readExactly(source, at, Math.min(16, source.size - at));
    let size = u32(head, 0);
    let header = 8;
    if (size === 1) {
      check(head.byteLength >= 16);
      size = u64(head, 8);
      header = 16;
    } else if (size === 0) size = source.size - at;
    check(size >= header && at + size <= source.size);
    const type = fourcc(head, 4);
    if (type === "moov" || type === "moof") {
      check(size - header <= MAX_INDEX_BYTES);
      const payload = await readExactly(source, at + header, size - header);
      if (type === "moov") {
        check(moov === null);
        moov = payload;
        ({ tracks, fragmented } = readMoov(payload));
        if (!fragmented) break;
      } else {
        check(moov !== null);
        readMoof(payload, tracks);
      }
    }
    at += size;
  }
  check(moov !== null);
  const video = tracks.find((track) => track.handler === "vide");
  const end = (track: Mp4Track) =>
    track.lastPts === -Infinity
      ? 0
      : (track.lastPts + track.lastDuration - track.editOffset) / track.timescale;
  const seconds = Math.max(0, ...tracks.filter((t) => t.handler === "vide" || t.handler === "soun").map(end));
  return {
    videoCodec: video?.codec ?? null,
    audioCodecs: tracks.filter((track) => track.handler === "soun").map((track) => track.codec),
    durationMs: Math.round(seconds * 1000),
    width: video ? (video.quarterTurn ? video.height : video.width) : 0,
    height: video ? (video.quarterTurn ? video.width : video.height) : 0,
  };
}

function readMoov(moov: Uint8Array): { tracks: Mp4Track[]; fragmented: boolean } {
  const boxes = [...boxesIn(moov)];
  const mvhd = boxes.find((box) => box.type === "mvhd");
  check(mvhd !== undefined);
  const movieTimescale = u32(moov, mvhd.start + (moov[mvhd.start] === 1 ? 20 : 12));
  const tracks = boxes
    .filter((box) => box.type === "trak")
    .map((trak) => readTrak(moov, trak, movieTimescale));
  const mvex = boxes.find((box) => box.type === "mvex");
  if (mvex) {
    for (const trex of boxesIn(moov, mvex.start, mvex.end)) {
      if (trex.type !== "trex") continue;
      const track = tracks.find((t) => t.id === u32(moov, trex.start + 4));
      if (track) track.trexDuration = u32(moov, trex.start + 12);
    }
  }
  return { tracks, fragmented: mvex !== undefined };
}

function readTrak(moov: Uint8Array, trak: Box, movieTimescale: number): Mp4Track {
  const tkhd = child(moov, trak, "tkhd");
  const mdia = child(moov, trak, "mdia");
  check(tkhd !== undefined && mdia !== undefined);
  const v1 = moov[tkhd.start] === 1;
  const id = u32(moov, tkhd.start + (v1 ? 20 : 12));
  // The matrix's first row (a, b): a quarter turn when b outweighs a.
  const matrix = tkhd.start + (v1 ? 52 : 40);
  const quarterTurn = Math.abs(i32(moov, matrix + 4)) > Math.abs(i32(moov, matrix));
  const mdhd = child(moov, mdia, "mdhd");
  const hdlr = child(moov, mdia, "hdlr");
  const minf = child(moov, mdia, "minf");
  const stbl = minf && child(moov, minf, "stbl");
  check(mdhd !== undefined && hdlr !== undefined && stbl !== undefined);
  const timescale = u32(moov, mdhd.start + (moov[mdhd.start] === 1 ? 20 : 12));
  check(timescale > 0);
  const track: Mp4Track = {
    id,
    handler: fourcc(moov, hdlr.start + 8),
    codec: null,
    timescale,
    width: 0,
    height: 0,
    quarterTurn,
    editOffset: editOffset(moov, trak, timescale, movieTimescale),
    lastPts: -Infinity,
    lastDuration: 0,
    nextDts: 0,
    trexDuration: 0,
  };
  const stsd = child(moov, stbl, "stsd");
  check(stsd !== undefined);
  const [entry] = boxesIn(moov, stsd.start + 8, stsd.end);
  if (entry) readSampleEntry(moov, entry, track);
  readSampleTable(moov, stbl, track);
  return track;
}

/** Where the track's first edit starts in its media (less any empty edits before it), as mediabunny reads it. */
function editOffset(moov: Uint8Array, trak: Box, timescale: number, movieTimescale: number): number {
  const edts = child(moov, trak, "edts");
  const elst = edts && child(moov, edts, "elst");
  if (!elst) return 0;
  const v1 = moov[elst.start] === 1;
  const count = u32(moov, elst.start + 4);
  let empty = 0;
  for (
    let i = 0, at = elst.start + 8;
    i < count && at + (v1 ? 20 : 12) <= elst.end;
    i++, at += v1 ? 20 : 12
  ) {
    const duration = v1 ? u64(moov, at) : u32(moov, at);
    const mediaTime = v1 ? i64(moov, at + 8) : i32(moov, at + 4);
    if (mediaTime === -1) empty += duration;
    else return mediaTime - (movieTimescale > 0 ? Math.round((empty / movieTimescale) * timescale) : 0);
  }
  return 0;
}

function readSampleEntry(moov: Uint8Array, entry: Box, track: Mp4Track) {
  if (track.handler === "vide") {
    track.codec = VIDEO_CODECS[entry.type] ?? null;
    check(entry.start + 78 <= entry.end);
    track.width = u16(moov, entry.start + 24);
    track.height = u16(moov, entry.start + 26);
    // Non-square pixels (pasp) widen or heighten the picture as shown.
    const pasp = [...boxesIn(moov, entry.start + 78, entry.end)].find((box) => box.type === "pasp");
    if (pasp) {
      const h = u32(moov, pasp.start);
      const v = u32(moov, pasp.start + 4);
      if (h > 0 && v > 0 && h > v) track.width = Math.round((track.width * h) / v);
      else if (h > 0 && v > 0) track.height = Math.round((track.height * v) / h);
    }
  } else if (track.handler === "soun") {
    if (entry.type !== "mp4a") {
      track.codec = AUDIO_CODECS[entry.type] ?? null;
      return;
    }
    // QuickTime's sound description versions 1 and 2 add 16 or 36 bytes before the child boxes.
    const version = u16(moov, entry.start + 8);
    const children = entry.start + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
    const esds = [...boxesIn(moov, children, entry.end)].find((box) => box.type === "esds");
    const oti = esds ? objectType(moov, esds.start + 4, esds.end) : null;
    track.codec =
      oti === null
        ? null
        : [0x40, 0x66, 0x67, 0x68].includes(oti)
          ? "aac"
          : oti === 0x69 || oti === 0x6b
            ? "mp3"
            : null;
  }
}

/** The DecoderConfigDescriptor's objectTypeIndication inside an ES_Descriptor (ISO 14496-1), or null. */
function objectType(bytes: Uint8Array, from: number, to: number): number | null {
  const descriptor = (at: number): { tag: number; start: number } | null => {
    if (at >= to) return null;
    const tag = bytes[at] ?? 0;
    let next = at + 1;
    for (let i = 0; i < 4 && next < to; i++) if (((bytes[next++] ?? 0) & 0x80) === 0) break;
    return { tag, start: next };
  };
  const es = descriptor(from);
  if (es?.tag !== 0x03) return null;
  const flags = bytes[es.start + 2] ?? 0;
  let at = es.start + 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40) at += 1 + (bytes[at] ?? 0);
  if (flags & 0x20) at += 2;
  const config = descriptor(at);
  return config?.tag === 0x04 && config.start < to ? (bytes[config.start] ?? null) : null;
}

/** Walks stts (decode durations) and ctts (display offsets) run by run, never sample by sample: a table of a few
 * entries may claim billions of samples. */
function readSampleTable(moov: Uint8Array, stbl: Box, track: Mp4Track) {
  const stts = child(moov, stbl, "stts");
  check(stts !== undefined);
  const ctts = child(moov, stbl, "ctts");
  const runs = (box: Box | undefined, read: (at: number) => number) => {
    if (!box) return [];
    const count = u32(moov, box.start + 4);
    check(box.start + 8 + count * 8 <= box.end);
    return Array.from({ length: count }, (_, i) => ({
      count: u32(moov, box.start + 8 + i * 8),
      value: read(box.start + 12 + i * 8),
    }));
  };
  const durations = runs(stts, (at) => u32(moov, at));
  const offsets = runs(ctts, (at) => i32(moov, at));
  let dts = 0;
  let o = 0;
  let offsetLeft = offsets[0]?.count ?? Infinity;
  for (const run of durations) {
    let left = run.count;
    while (left > 0) {
      const offset = offsets[o]?.value ?? 0;
      const n = Math.min(left, offsetLeft);
      see(track, dts + (n - 1) * run.value + offset, run.value);
      dts += n * run.value;
      left -= n;
      offsetLeft -= n;
      if (offsetLeft === 0) offsetLeft = offsets[++o]?.count ?? Infinity;
    }
  }
  track.nextDts = dts;
}

function readMoof(moof: Uint8Array, tracks: Mp4Track[]) {
  for (const traf of boxesIn(moof)) {
    if (traf.type !== "traf") continue;
    const boxes = [...boxesIn(moof, traf.start, traf.end)];
    const tfhd = boxes.find((box) => box.type === "tfhd");
    check(tfhd !== undefined);
    const track = tracks.find((t) => t.id === u32(moof, tfhd.start + 4));
    check(track !== undefined);
    const flags = u32(moof, tfhd.start) & 0xffffff;
    let at = tfhd.start + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    const defaultDuration = flags & 0x08 ? u32(moof, at) : track.trexDuration;
    const tfdt = boxes.find((box) => box.type === "tfdt");
    let dts = tfdt
      ? moof[tfdt.start] === 1
        ? u64(moof, tfdt.start + 4)
        : u32(moof, tfdt.start + 4)
      : track.nextDts;
    for (const trun of boxes) {
      if (trun.type !== "trun") continue;
      const runFlags = u32(moof, trun.start) & 0xffffff;
      const count = u32(moof, trun.start + 4);
      at = trun.start + 8 + (runFlags & 0x01 ? 4 : 0) + (runFlags & 0x04 ? 4 : 0);
      const fields = [0x100, 0x200, 0x400, 0x800].filter((bit) => runFlags & bit).length;
      if (fields === 0) {
        // Every sample alike: the last one is shown last.
        if (count > 0) see(track, dts + (count - 1) * defaultDuration, defaultDuration);
        dts += count * defaultDuration;
        continue;
      }
      check(at + count * fields * 4 <= trun.end);
      for (let i = 0; i < count; i++) {
        const duration = runFlags & 0x100 ? u32(moof, at) : defaultDuration;
        const offsetAt = at + 4 * (fields - 1);
        const offset =
          runFlags & 0x800 ? (moof[trun.start] === 1 ? i32(moof, offsetAt) : u32(moof, offsetAt)) : 0;
        see(track, dts + offset, duration);
        dts += duration;
        at += fields * 4;
      }
    }
    track.nextDts = dts;
  }
}

// ---- Matroska (WebM) ----

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  defaultDuration: 0x23e383,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  displayWidth: 0x54b0,
  displayHeight: 0x54ba,
  displayUnit: 0x54b2,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
};
/** The Segment's children: an element of unknown size (a recorder's cluster) ends where one of these begins. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367,
]);
const WEBM_CODECS: Record<string, string> = {
  V_VP8: "vp8",
  V_VP9: "vp9",
  V_AV1: "av1",
  "V_MPEG4/ISO/AVC": "avc",
  "V_MPEGH/ISO/HEVC": "hevc",
  A_OPUS: "opus",
  A_VORBIS: "vorbis",
  A_FLAC: "flac",
  "A_MPEG/L3": "mp3",
};

interface Element {
  id: number;
  /** Offset of the element's data, and of the byte after it (Infinity when its size is unknown). */
  start: number;
  end: number;
}

/** An EBML variable-length integer: its length told by the first byte's leading zeros. Sizes lose the marker; a
 * size of all ones means unknown. */
function vint(
  bytes: Uint8Array,
  at: number,
  isId: boolean,
): { value: number; next: number; unknown: boolean } {
  const first = bytes[at] ?? 0;
  check(first !== 0);
  const length = Math.clz32(first) - 23;
  check(at + length <= bytes.byteLength && (!isId || length <= 4));
  let value = isId ? first : first & (0xff >> length);
  let ones = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    ones &&= byte === 0xff;
  }
  return { value, next: at + length, unknown: !isId && ones };
}

async function elementAt(source: ByteSource, at: number, parentEnd: number): Promise<Element> {
  const head = await readExactly(source, at, Math.min(12, source.size - at));
  const id = vint(head, 0, true);
  const size = vint(head, id.next, false);
  const start = at + size.next;
  const end = size.unknown ? Infinity : start + size.value;
  check(end === Infinity || end <= Math.min(parentEnd, source.size));
  return { id: id.value, start, end };
}

const uint = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);
const readUint = async (source: ByteSource, element: Element) => {
  check(element.end - element.start <= 8);
  return uint(await readExactly(source, element.start, element.end - element.start));
};

interface WebmTrack {
  number: number;
  type: number;
  codec: string | null;
  width: number;
  height: number;
  /** In the segment's ticks (TimestampScale ns each) once the tracks are read. */
  defaultDuration: number;
  end: number;
}

async function readWebm(source: ByteSource): Promise<VideoFacts> {
  const ebml = await elementAt(source, 0, source.size);
  check(ebml.end !== Infinity);
  const segment = await elementAt(source, ebml.end, source.size);
  check(segment.id === ID.segment);
  const segmentEnd = Math.min(segment.end, source.size);
  let scale = 1_000_000;
  let tracks: WebmTrack[] = [];
  let steps = 0;
  for (let at = segment.start; at < segmentEnd; ) {
    const element = await elementAt(source, at, segmentEnd);
    if (element.id === ID.info) {
      for await (const field of children(source, element, segmentEnd, () => ++steps)) {
        if (field.id === ID.timestampScale) scale = await readUint(source, field);
      }
      check(scale > 0);
    } else if (element.id === ID.tracks) {
      check(element.end !== Infinity && element.end - element.start <= MAX_INDEX_BYTES);
      tracks = readTracks(await readExactly(source, element.start, element.end - element.start));
      // DefaultDuration is in ns, block times in the segment's ticks (Info, with the tick, comes first).
      for (const track of tracks) track.defaultDuration /= scale;
    }
    if (element.id === ID.cluster) at = await readCluster(source, element, segmentEnd, tracks, () => ++steps);
    else {
      check(element.end !== Infinity);
      at = element.end;
    }
    check(steps < MAX_STEPS);
  }
  const video = tracks.find((track) => track.type === 1);
  const seconds = Math.max(0, ...tracks.map((track) => track.end)) * (scale / 1e9);
  return {
    videoCodec: video?.codec ?? null,
    audioCodecs: tracks.filter((track) => track.type === 2).map((track) => track.codec),
    durationMs: Math.round(seconds * 1000),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
  };
}

async function* children(
  source: ByteSource,
  parent: Element,
  limit: number,
  step: () => number,
): AsyncGenerator<Element> {
  const end = Math.min(parent.end, limit);
  for (let at = parent.start; at < end; ) {
    check(step() < MAX_STEPS);
    const element = await elementAt(source, at, end);
    if (parent.end === Infinity && SEGMENT_CHILDREN.has(element.id)) return;
    yield element;
    check(element.end !== Infinity);
    at = element.end;
  }
}

function readTracks(bytes: Uint8Array): WebmTrack[] {
  const within = function* (from: number, to: number) {
    for (let at = from; at < to; ) {
      const id = vint(bytes, at, true);
      const size = vint(bytes, id.next, false);
      check(!size.unknown && size.next + size.value <= to);
      yield { id: id.value, start: size.next, end: size.next + size.value };
      at = size.next + size.value;
    }
  };
  const tracks: WebmTrack[] = [];
  for (const entry of within(0, bytes.byteLength)) {
    if (entry.id !== ID.trackEntry) continue;
    const track: WebmTrack = {
      number: 0,
      type: 0,
      codec: null,
      width: 0,
      height: 0,
      defaultDuration: 0,
      end: 0,
    };
    for (const field of within(entry.start, entry.end)) {
      const value = () => uint(bytes.subarray(field.start, Math.min(field.end, field.start + 8)));
      if (field.id === ID.trackNumber) track.number = value();
      else if (field.id === ID.trackType) track.type = value();
      else if (field.id === ID.defaultDuration) track.defaultDuration = value();
      else if (field.id === ID.codecId) {
        const name = String.fromCharCode(...bytes.subarray(field.start, field.end)).replace(/\0+$/, "");
        track.codec = WEBM_CODECS[name] ?? (name.startsWith("A_AAC") ? "aac" : null);
      } else if (field.id === ID.video) {
        let display: { width?: number; height?: number; unit?: number } = {};
        for (const item of within(field.start, field.end)) {
          const n = uint(bytes.subarray(item.start, Math.min(item.end, item.start + 8)));
          if (item.id === ID.pixelWidth) track.width = n;
          else if (item.id === ID.pixelHeight) track.height = n;
          else if (item.id === ID.displayWidth) display = { ...display, width: n };
          else if (item.id === ID.displayHeight) display = { ...display, height: n };
          else if (item.id === ID.displayUnit) display = { ...display, unit: n };
        }
        // A display size in pixels that differs in shape means non-square pixels, shown as mediabunny shows them.
        if (display.width && display.height && !display.unit && track.width > 0 && track.height > 0) {
          const num = display.width * track.height;
          const den = display.height * track.width;
          if (num > den) track.width = Math.round((track.width * num) / den);
          else track.height = Math.round((track.height * den) / num);
        }
      }
    }
    tracks.push(track);
  }
  return tracks;
}

/** Reads a cluster's blocks by their headers (track, time, lacing), never their frames; answers where it ends. */
async function readCluster(
  source: ByteSource,
  cluster: Element,
  limit: number,
  tracks: WebmTrack[],
  step: () => number,
): Promise<number> {
  let time = 0;
  let end = cluster.start;
  const block = async (at: number, to: number, duration: number | null) => {
    const head = await readExactly(source, at, Math.min(16, to - at));
    const number = vint(head, 0, false);
    check(number.next + 3 <= head.byteLength);
    const track = tracks.find((t) => t.number === number.value);
    if (!track) return;
    const relative = u16(head, number.next);
    const timestamp = time + (relative >= 32768 ? relative - 65536 : relative);
    const lacing = ((head[number.next + 2] ?? 0) >> 1) & 3;
    const frames = lacing === 0 ? 1 : (head[number.next + 3] ?? 0) + 1;
    track.end = Math.max(track.end, timestamp + (duration || frames * track.defaultDuration));
  };
  for await (const element of children(source, cluster, limit, step)) {
    end = element.end;
    if (element.id === ID.clusterTimestamp) time = await readUint(source, element);
    else if (element.id === ID.simpleBlock) await block(element.start, element.end, null);
    else if (element.id === ID.blockGroup) {
      let found: Element | null = null;
      let duration: number | null = null;
      for await (const item of children(source, element, limit, step)) {
        if (item.id === ID.block) found = item;
        else if (item.id === ID.blockDuration) duration = await readUint(source, item);
      }
      if (found) await block(found.start, found.end, duration);
    }
  }
  return cluster.end === Infinity ? end : cluster.end;
}
