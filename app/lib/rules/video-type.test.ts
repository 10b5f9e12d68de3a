import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFastStart, sniffVideoType } from "~/lib/rules/video-type";
import { bytes } from "../../../tests/images";

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** A top-level ISO BMFF box: 32-bit size, type, payload. */
const box = (type: string, payload: number[] = []) => bytes(be32(8 + payload.length), type, payload);
const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));
const ftyp = (major: string, ...compatible: string[]) =>
  box("ftyp", [...bytes(major, be32(0x200), ...compatible)]);

/** An EBML header holding EBMLVersion 1 and the given DocType, as WebM and Matroska files open. */
function ebmlHeader(docType: string, padding = 0) {
  const docTypeElement = bytes(
    0x42,
    0x82,
    0x80 | (docType.length + padding),
    docType,
    Array(padding).fill(0),
  );
  const children = join(bytes(0x42, 0x86, 0x81, 0x01), docTypeElement);
  return join(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length), children);
}

const FAST_START = join(
  ftyp("isom", "isom", "iso2", "avc1", "mp41"),
  box("moov", [0, 0, 0, 0]),
  box("mdat", [1, 2]),
);
const NOT_FAST_START = join(ftyp("mp42", "isom"), box("mdat", [1, 2, 3]), box("moov"));
const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, be32(13), "IHDR", be32(1), be32(1), 8, 6, 0, 0, 0);

describe("sniffVideoType", () => {
  it.each([
    ["an MP4 with major brand isom", FAST_START],
    ["an MP4 with major brand mp42", NOT_FAST_START],
    ["an M4V", ftyp("M4V ", "M4V ", "M4A ", "mp42", "isom")],
    ["an unknown major brand declaring a known compatible one", ftyp("MSNV", "MSNV", "isom")],
    ["a DASH segment", ftyp("dash", "iso6")],
  ])("knows %s as MP4", (_name, input) => {
    expect(sniffVideoType(input)).toEqual({ contentType: "video/mp4", extension: "mp4" });
  });

  it("knows WebM by its EBML header's DocType, zero padding and all", () => {
    expect(sniffVideoType(ebmlHeader("webm"))).toEqual({ contentType: "video/webm", extension: "webm" });
    expect(sniffVideoType(ebmlHeader("webm", 2))?.extension).toBe("webm");
  });

  it.each([
    ["a PNG", PNG],
    ["a QuickTime movie", ftyp("qt  ", "qt  ")],
    ["a 3GPP file", ftyp("3gp4", "3gp4", "3gp5")],
    ["an audio-only M4A", ftyp("M4A ", "M4A ")],
    ["an ftyp box that is not at offset 4", join(bytes(0), ftyp("isom"))],
    ["an ftyp box too small to hold a brand", bytes(be32(8), "ftyp", "isom", be32(0))],
    ["an ftyp box cut short", ftyp("isom").subarray(0, 12)],
    ["a Matroska file", ebmlHeader("matroska")],
    ["an EBML header cut before its DocType", ebmlHeader("webm").subarray(0, 10)],
    [
      "an EBML header whose element claims more bytes than the header has",
      bytes(0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x88, "webm"),
    ],
    ["an EBML header with an invalid length byte", bytes(0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x42, 0x82)],
    ["HTML", bytes("<!doctype html><video>")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, input) => {
    expect(sniffVideoType(input)).toBeNull();
  });

  it("never throws, whatever the bytes, and answers one of the two types or null", () => {
    const prefixes = fc.constantFrom(
      new Uint8Array(),
      FAST_START.subarray(0, 8),
      ebmlHeader("webm").subarray(0, 5),
    );
    fc.assert(
      fc.property(prefixes, fc.uint8Array({ maxLength: 300 }), (prefix, rest) => {
        const type = sniffVideoType(join(prefix, rest));
        expect([null, "mp4", "webm"]).toContain(type?.extension ?? null);
      }),
    );
  });
});

describe("isFastStart", () => {
  it("answers true when moov comes before mdat, false when mdat comes first", () => {
    expect(isFastStart(FAST_START)).toBe(true);
    expect(isFastStart(NOT_FAST_START)).toBe(false);
    expect(isFastStart(join(ftyp("isom"), box("free", [0, 0, 0]), box("moov")))).toBe(true);
  });

  it("knows moov came first from its header alone, the rest of it not yet read", () => {
    expect(isFastStart(join(ftyp("isom"), bytes(be32(5000), "moov", 1, 2, 3)))).toBe(true);
  });

  it("follows a box whose size is 1 to its 64-bit size", () => {
    const large = bytes(be32(1), "free", be32(0), be32(24), 0, 0, 0, 0, 0, 0, 0, 0);
    expect(isFastStart(join(ftyp("isom"), large, box("mdat"), box("moov")))).toBe(false);
    expect(isFastStart(join(ftyp("isom"), large, box("moov")))).toBe(true);
  });

  it("answers null when neither box is in the bytes given", () => {
    expect(isFastStart(ftyp("isom"))).toBeNull();
    expect(isFastStart(new Uint8Array())).toBeNull();
    expect(isFastStart(PNG)).toBeNull();
    // A truncated box: its size points past the bytes given.
    expect(isFastStart(join(ftyp("isom"), bytes(be32(100_000), "free", 0, 0)))).toBeNull();
    // A 64-bit size far past the end (2^40 bytes).
    expect(
      isFastStart(join(ftyp("isom"), bytes(be32(1), "free", be32(0x100), be32(0)), box("moov"))),
    ).toBeNull();
    // A box running to the end of the file (size 0) that is neither.
    expect(isFastStart(join(ftyp("isom"), bytes(be32(0), "free"), box("moov")))).toBeNull();
  });

  it("answers null for a size that lies, below the box's own header", () => {
    expect(isFastStart(join(ftyp("isom"), bytes(be32(4), "free"), box("moov")))).toBeNull();
    expect(isFastStart(join(ftyp("isom"), bytes(be32(1), "free", be32(0), be32(8)), box("moov")))).toBeNull();
    // A size 1 box cut before its 64-bit size.
    expect(isFastStart(join(ftyp("isom"), bytes(be32(1), "free", 0, 0)))).toBeNull();
  });

  it("never throws on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (input) => {
        expect([true, false, null]).toContain(isFastStart(input));
      }),
    );
  });

  it("agrees with the order of the boxes of any well-formed file", () => {
    const boxType = fc.constantFrom("free", "skip", "uuid", "moov", "mdat", "meta", "moof");
    const boxes = fc.array(fc.tuple(boxType, fc.uint8Array({ maxLength: 20 })), { maxLength: 8 });
    fc.assert(
      fc.property(boxes, (list) => {
        const file = join(ftyp("isom"), ...list.map(([type, payload]) => box(type, [...payload])));
        const first = list.find(([type]) => type === "moov" || type === "mdat")?.[0];
        expect(isFastStart(file)).toBe(first === undefined ? null : first === "moov");
      }),
    );
  });
});
