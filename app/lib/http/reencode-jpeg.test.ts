import { decode, encode } from "jpeg-js";
import { describe, expect, it } from "vitest";
import { REENCODE_MAX_MEGAPIXELS, reencodeJpeg } from "~/lib/http/reencode-jpeg";
import posterJpeg from "../../../tests/fixtures/reels/poster.jpg?inline";
import { contains, GPS_JPEG, PLAIN_PNG, PLAIN_WEBP } from "../../../tests/images";

const POSTER = Uint8Array.from(atob(posterJpeg.slice(posterJpeg.indexOf(",") + 1)), (char) =>
  char.charCodeAt(0),
);
const HTML = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
const joined = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));
const startOfJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);

// Security review (issue 33 §5): a reel poster of JPEG magic bytes followed by HTML was stored as sent.
describe("reencodeJpeg", () => {
  it("stores a real poster as a fresh JPEG of the same picture", async () => {
    const out = reencodeJpeg(POSTER);
    if (!out) throw new Error("the poster should decode");
    expect([out[0], out[1], out.at(-2), out.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    const before = decode(POSTER, { useTArray: true });
    const after = decode(out, { useTArray: true });
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    // The same picture: every channel of every pixel within a re-encode's loss of the original.
    let worst = 0;
    for (let i = 0; i < before.data.length; i++)
      worst = Math.max(worst, Math.abs((before.data[i] ?? 0) - (after.data[i] ?? 0)));
    expect(worst).toBeLessThan(64);
  });

  it("refuses JPEG magic bytes followed by HTML, and what is not a JPEG at all", async () => {
    expect(reencodeJpeg(joined(startOfJpeg, HTML))).toBeNull();
    for (const other of [PLAIN_PNG, PLAIN_WEBP, HTML, new Uint8Array()])
      expect(reencodeJpeg(other)).toBeNull();
  });

  it("leaves behind what was hidden after the picture or in its metadata", async () => {
    const out = reencodeJpeg(joined(POSTER, HTML));
    expect(out).not.toBeNull();
    expect(contains(out ?? new Uint8Array(), "<script>")).toBe(false);
    const stripped = reencodeJpeg(GPS_JPEG);
    expect(stripped && contains(stripped, "Exif")).toBe(false);
  });

  it(`refuses a picture over ${REENCODE_MAX_MEGAPIXELS} megapixel`, async () => {
    const [width, height] = [1400, 800];
    const large = encode({ data: new Uint8Array(width * height * 4).fill(128), width, height }, 50).data;
    expect(reencodeJpeg(new Uint8Array(large))).toBeNull();
  });
});
