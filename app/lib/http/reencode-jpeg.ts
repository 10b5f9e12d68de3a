import { decode, encode } from "jpeg-js";

// A picture someone uploads is stored as what Nukkad's own encoder made of it, not as the bytes they sent: a file
// that starts like a JPEG and goes on as HTML (or hides anything in a segment or after its end) does not survive a
// decode and re-encode (issue 33). The codec is jpeg-js: pure JavaScript, 13 KiB gzip in the Worker, where a WASM
// codec would be faster but several times larger (ADR 027).

/** Reel posters are the app's own frames, at most 1280 x 720 (0.92 MP): a larger picture is refused, which also
 * bounds the CPU a decode can take under the Worker's 1 s limit. */
export const REENCODE_MAX_MEGAPIXELS = 1;
const QUALITY = 85;

/** The picture decoded and encoded again as a baseline JPEG without metadata, or null when it is not a whole JPEG
 * of at most REENCODE_MAX_MEGAPIXELS. */
export function reencodeJpeg(bytes: Uint8Array): Uint8Array | null {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = decode(bytes, {
      useTArray: true,
      tolerantDecoding: false,
      maxResolutionInMP: REENCODE_MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 16,
    });
  } catch {
    return null;
  }
  const { width, height, data } = image;
  if (width === 0 || height === 0) return null;
  // Only the pixels: the decoder hands back the EXIF it read, and the encoder would write it again.
  return new Uint8Array(encode({ width, height, data }, QUALITY).data);
}
