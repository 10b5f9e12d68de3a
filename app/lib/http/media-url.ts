// Stall media (reels' videos and their posters) are served by the Worker from R2 at `/media/<key>` (ADR 026). Pure,
// so schemas shared with the browser can tell our media URLs from any other.

export const MEDIA_PATH = "/media/";

/** Keys are `<randomId(24)>.<extension>`, made once for an upload and never reused, so a key's bytes never change. */
export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9]{24}\.(mp4|webm|jpg|webp)$/;

export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}${key}`;
}
