import { describe, expect, it } from "vitest";
import {
  MAX_PHOTO_BYTES,
  NOT_AN_IMAGE,
  PHOTO_TOO_LARGE,
  photoFileProblem,
  sniffImageType,
} from "~/lib/http/image-type";
import { bytes } from "../../../tests/images";

describe("sniffImageType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"))).toEqual({
      contentType: "image/jpeg",
      extension: "jpg",
    });
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))?.extension).toBe("png");
    expect(sniffImageType(bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "))?.contentType).toBe("image/webp");
  });

  it.each([
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["HTML", bytes("<!doctype html><script>")],
    ["a GIF", bytes("GIF89a", 0, 0, 0, 0, 0, 0)],
    ["a WAV (RIFF but not WebP)", bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt ")],
    ["a PNG signature cut short", bytes(0x89, "PNG", 0x0d, 0x0a)],
    ["two JPEG bytes", bytes(0xff, 0xd8)],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});

describe("photoFileProblem", () => {
  it("checks size and declared type before sending", () => {
    expect(photoFileProblem({ size: 1000, type: "image/jpeg" })).toBeNull();
    expect(photoFileProblem({ size: MAX_PHOTO_BYTES, type: "image/png" })).toBeNull();
    expect(photoFileProblem({ size: MAX_PHOTO_BYTES + 1, type: "image/png" })).toBe(PHOTO_TOO_LARGE);
    expect(photoFileProblem({ size: 10, type: "text/plain" })).toBe(NOT_AN_IMAGE);
    expect(photoFileProblem({ size: 10, type: "image/svg+xml" })).toBe(NOT_AN_IMAGE);
    expect(photoFileProblem({ size: 10, type: "" })).toBe(NOT_AN_IMAGE);
  });
});
