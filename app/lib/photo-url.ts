// Photos are served by the Worker from R2 under this path: a stall's images are `/photos/<key>` URLs. Pure, so the
// stall form's schema (shared with the browser) can tell our photos from any other URL.

export const PHOTO_PATH = "/photos/";

/** R2 keys are `<randomId(24)>.<jpg|png|webp>`; the looser length also accepts keys made before that rule. */
export const PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

export function photoUrl(key: string): string {
  return `${PHOTO_PATH}${key}`;
}

/** The R2 key of one of our photo URLs (relative or absolute), or null for any other image. */
export function photoKeyFromUrl(url: string): string | null {
  const path = url.startsWith("/") ? url : URL.canParse(url) ? new URL(url).pathname : "";
  if (!path.startsWith(PHOTO_PATH)) return null;
  const key = path.slice(PHOTO_PATH.length);
  return PHOTO_KEY_PATTERN.test(key) ? key : null;
}
