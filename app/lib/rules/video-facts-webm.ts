import {
  type ByteSource,
  check,
  MAX_INDEX_BYTES,
  MAX_STEPS,
  readExactly,
  u16,
  type VideoFacts,
} from "./video-facts-reading";

// A reel's facts from a Matroska (WebM) file (video-facts.ts): the Segment's Info and Tracks, and each cluster's block
// headers, never their frames.

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

export async function readWebm(source: ByteSource): Promise<VideoFacts> {
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
