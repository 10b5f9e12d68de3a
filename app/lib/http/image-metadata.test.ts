import { describe, expect, it } from "vitest";
import { stripImageMetadata } from "~/lib/http/image-metadata";
import {
  bytes,
  contains,
  GPS_JPEG,
  GPS_PNG,
  GPS_WEBP,
  PLAIN_JPEG,
  PLAIN_PNG,
  PLAIN_WEBP,
} from "../../../tests/images";

// Audit: uploaded JPEGs kept their EXIF (GPS position, device, time) and were served to everyone with it.
describe("stripImageMetadata", () => {
  it("drops a JPEG's EXIF (with its GPS IFD), XMP and comment, keeping every segment the decoder needs", () => {
    expect(contains(GPS_JPEG, "Exif")).toBe(true);
    const stripped = stripImageMetadata(GPS_JPEG, "jpg");
    expect(stripped).toEqual(PLAIN_JPEG);
    expect(contains(stripped, "Exif")).toBe(false);
    expect(contains(stripped, "Phone")).toBe(false);
    expect(contains(stripped, "Shot at home")).toBe(false);
  });

  it("keeps JFIF, an Adobe colour transform and an ICC profile; drops other APPn segments wherever they are", () => {
    const app = (marker: number, payload: string) => bytes(0xff, marker, 0, payload.length + 2, payload);
    const adobe = app(0xee, "Adobe\0\x64\0\0\0\0\x01");
    const icc = app(0xe2, "ICC_PROFILE\0\x01\x01profile");
    const mpf = app(0xe2, "MPF\0II*\0");
    const ducky = app(0xec, "Ducky\0\0");
    const withSegments = new Uint8Array([
      ...PLAIN_JPEG.subarray(0, 20),
      ...adobe,
      ...icc,
      ...mpf,
      ...ducky,
      ...PLAIN_JPEG.subarray(20, -2),
      // An APP1 between scans and a maker's block after the end of the image.
      ...app(0xe1, "Exif\0\0GPS"),
      0xff,
      0xd9,
      ...bytes("SAMSUNG trailer with GPS"),
    ]);
    expect(stripImageMetadata(withSegments, "jpg")).toEqual(
      new Uint8Array([...PLAIN_JPEG.subarray(0, 20), ...adobe, ...icc, ...PLAIN_JPEG.subarray(20)]),
    );
  });

  it("copies compressed data holding 0xFF 0x00 stuffing and restart markers unchanged", () => {
    const scanStart = PLAIN_JPEG.length - 3;
    const jpeg = new Uint8Array([
      ...PLAIN_JPEG.subarray(0, scanStart),
      ...[0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56],
      // 0xFF 0xE1 ends the scan: to a decoder it is a segment, so it is one here too, and it has to go.
      ...[0xff, 0xe1, 0x00, 0x04, 0x47, 0x50],
      0xff,
      0xd9,
    ]);
    expect(stripImageMetadata(jpeg, "jpg")).toEqual(
      new Uint8Array([
        ...PLAIN_JPEG.subarray(0, scanStart),
        0x12,
        0xff,
        0x00,
        0x34,
        0xff,
        0xd0,
        0x56,
        0xff,
        0xd9,
      ]),
    );
  });

  it("answers the very same bytes when there is nothing to remove, even for a cut-off file", () => {
    expect(stripImageMetadata(PLAIN_JPEG, "jpg")).toBe(PLAIN_JPEG);
    const cutOff = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, "JFIF", 0x00, 0x01);
    expect(stripImageMetadata(cutOff, "jpg")).toBe(cutOff);
    expect(stripImageMetadata(PLAIN_PNG, "png")).toBe(PLAIN_PNG);
    expect(stripImageMetadata(PLAIN_WEBP, "webp")).toBe(PLAIN_WEBP);
    const shortWebp = bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 ");
    expect(stripImageMetadata(shortWebp, "webp")).toBe(shortWebp);
  });

  it("drops a cut-off EXIF segment rather than keeping part of it", () => {
    const cut = GPS_JPEG.subarray(0, 40);
    expect(stripImageMetadata(cut, "jpg")).toEqual(PLAIN_JPEG.subarray(0, 20));
  });

  it("drops a PNG's eXIf, tEXt, iTXt, zTXt and tIME chunks, and anything after IEND", () => {
    expect(stripImageMetadata(GPS_PNG, "png")).toEqual(PLAIN_PNG);
    const trailing = new Uint8Array([...PLAIN_PNG, ...bytes("GPS 12.97 77.59")]);
    expect(stripImageMetadata(trailing, "png")).toEqual(PLAIN_PNG);
  });

  it("drops a WebP's EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size", () => {
    const stripped = stripImageMetadata(GPS_WEBP, "webp");
    expect(stripped).toEqual(PLAIN_WEBP);
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(contains(stripped, "Phone")).toBe(false);
  });
});
