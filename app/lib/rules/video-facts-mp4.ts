import {
  type ByteSource,
  check,
  fourcc,
  i32,
  i64,
  MAX_INDEX_BYTES,
  MAX_STEPS,
  readExactly,
  u16,
  u32,
  u64,
  type VideoFacts,
} from "./video-facts-reading";

// A reel's facts from an ISO BMFF (MP4) file (video-facts.ts): the top-level boxes by their headers, moov read whole,
// and each moof of a fragmented file; mdat is never read.

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

export async function readMp4(source: ByteSource): Promise<VideoFacts> {
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
