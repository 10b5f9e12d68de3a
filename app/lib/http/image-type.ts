// Which image an upload really is, from its first bytes: the file name and the browser's type are the sender's
// claims, the magic bytes are the file. Only JPEG, PNG and WebP are accepted (never SVG, which can carry script).
import { msg } from "~/lib/i18n/translate";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = 12;

export const PHOTO_TOO_LARGE = msg("File size must be less than 5MB");
export const NOT_AN_IMAGE = msg("Please select a valid image file");

export type ImageType = {
  contentType: "image/jpeg" | "image/png" | "image/webp";
  extension: "jpg" | "png" | "webp";
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: number[], offset = 0): boolean {
  return expected.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type of a file's first bytes, or null when it is none we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, PNG_SIGNATURE)) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { contentType: "image/webp", extension: "webp" };
  }
  return null;
}

export const UPLOAD_FAILED = msg("Upload failed. Please try again.");
export const UPLOAD_NETWORK_ERROR = msg("Network error. Please check your internet connection.");

/** The browser's check before sending: at most 5 MB and an image type (not SVG); the server checks the bytes
 * again. */
export function photoFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_LARGE;
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml") return NOT_AN_IMAGE;
  return null;
}
