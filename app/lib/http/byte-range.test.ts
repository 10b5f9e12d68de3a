import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contentRange,
  ifRangeHolds,
  parseRangeHeader,
  resolveByteRange,
  unsatisfiedContentRange,
} from "~/lib/http/byte-range";

/** What a file of `size` bytes answers to a Range header: the bytes sent, or the status without a range. */
function answer(header: string | null, size: number) {
  const spec = parseRangeHeader(header);
  return spec === null ? "whole" : resolveByteRange(spec, size);
}

describe("byte ranges", () => {
  it.each([
    ["bytes=0-1", 1000, { offset: 0, length: 2 }],
    ["bytes=100-", 1000, { offset: 100, length: 900 }],
    ["bytes=-500", 1000, { offset: 500, length: 500 }],
    ["bytes=0-0", 1, { offset: 0, length: 1 }],
    ["bytes=999-999", 1000, { offset: 999, length: 1 }],
    ["bytes=0-", 1000, { offset: 0, length: 1000 }],
    // A last position past the end is cut at the end, and a suffix longer than the file is the whole of it.
    ["bytes=900-5000", 1000, { offset: 900, length: 100 }],
    ["bytes=-5000", 1000, { offset: 0, length: 1000 }],
    ["bytes=0-99999999999999999999999999", 1000, { offset: 0, length: 1000 }],
    ["bytes=-99999999999999999999999999", 1000, { offset: 0, length: 1000 }],
    // Leading zeros are digits like any other; the unit is case-insensitive.
    ["bytes=007-010", 1000, { offset: 7, length: 4 }],
    ["Bytes=0-1", 1000, { offset: 0, length: 2 }],
    // The list syntax allows whitespace around its elements, and empty elements.
    ["bytes= 0-1 ", 1000, { offset: 0, length: 2 }],
    ["bytes=0-1, ", 1000, { offset: 0, length: 2 }],
    ["bytes=,,-10", 1000, { offset: 990, length: 10 }],
  ])("%s of %i bytes is a 206 of those bytes", (header, size, range) => {
    expect(answer(header, size)).toEqual(range);
  });

  it.each([
    ["bytes=1000-", 1000],
    ["bytes=1000-2000", 1000],
    ["bytes=5000-6000", 1000],
    ["bytes=99999999999999999999999999-", 1000],
    ["bytes=-0", 1000],
    ["bytes=0-0", 0],
    ["bytes=0-", 0],
  ])("%s of %i bytes is unsatisfiable (416)", (header, size) => {
    expect(answer(header, size)).toBe("unsatisfiable");
  });

  it.each([
    ["no header", null],
    ["a backwards range", "bytes=5-2"],
    ["letters", "bytes=abc"],
    ["letters in a position", "bytes=0-1a"],
    ["a negative position", "bytes=-5-10"],
    ["a lone dash", "bytes=-"],
    ["no range at all", "bytes="],
    ["no unit", "0-1"],
    ["another unit", "items=0-1"],
    ["whitespace inside a range", "bytes=0 - 1"],
    ["whitespace before the equals sign", "bytes =0-1"],
    ["a decimal", "bytes=0.5-1"],
    ["two ranges", "bytes=0-1,5-10"],
    ["two ranges past the end", "bytes=5000-,6000-"],
  ])("%s is ignored: the whole file with 200", (_name, header) => {
    expect(answer(header, 1000)).toBe("whole");
  });

  it("answers an empty file whole to a suffix range, which has no bytes to name", () => {
    expect(answer("bytes=-500", 0)).toBe("whole");
  });

  it("always names bytes inside the file, at least one of them", () => {
    const header = fc.oneof(
      fc.tuple(fc.nat(), fc.option(fc.nat())).map(([a, b]) => `bytes=${a}-${b ?? ""}`),
      fc.nat().map((n) => `bytes=-${n}`),
      fc.string(),
    );
    fc.assert(
      fc.property(header, fc.nat(), (value, size) => {
        const result = answer(value, size);
        if (typeof result === "string") return;
        expect(result.length).toBeGreaterThan(0);
        expect(result.offset).toBeGreaterThanOrEqual(0);
        expect(result.offset + result.length).toBeLessThanOrEqual(size);
      }),
    );
  });
});

describe("Content-Range", () => {
  it("names the first and last byte and the size, or only the size when nothing fits", () => {
    expect(contentRange({ offset: 0, length: 2 }, 1000)).toBe("bytes 0-1/1000");
    expect(contentRange({ offset: 500, length: 500 }, 1000)).toBe("bytes 500-999/1000");
    expect(unsatisfiedContentRange(1000)).toBe("bytes */1000");
  });
});

describe("If-Range", () => {
  const etag = '"3a5f1c"';
  it("lets the range through without the header or with the same strong ETag", () => {
    expect(ifRangeHolds(null, etag)).toBe(true);
    expect(ifRangeHolds(etag, etag)).toBe(true);
    expect(ifRangeHolds(` ${etag} `, etag)).toBe(true);
  });

  it.each([
    ["another ETag", '"other"'],
    ["the same ETag, weak", `W/${etag}`],
    ["a date (these answers carry no Last-Modified)", "Wed, 25 Nov 2026 10:00:00 GMT"],
    ["an unquoted tag", "3a5f1c"],
    ["nothing", ""],
  ])("answers the whole file for %s", (_name, value) => {
    expect(ifRangeHolds(value, etag)).toBe(false);
  });
});
