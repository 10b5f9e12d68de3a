// Photos are served by the Worker from R2 under this path. A stall stores its uploads as `/photos/<key>`, a path
// built from the R2 key alone: whatever the client sent around the key (another host, a query) never reaches the
// row, so a stall's images are always ours. Pure, so the stall form's schema (shared with the browser) can tell
// our photos from any other URL.

export const PHOTO_PATH = "/photos/";

/** R2 keys are `<randomId(24)>.<jpg|png|webp>`; the looser length also accepts keys made before that rule. */
export const PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp)$/;

export function photoUrl(key: string): string {
  return `${PHOTO_PATH}${key}`;
}

/** The R2 key of a photo reference, `/photos/<key>` or the bare key; null for anything else, absolute URLs (even
 * to this site) included: the uploader answers the path, so a host can only be somebody else's. */
export function photoKeyFromUrl(url: string): string | null {
  const key = url.startsWith(PHOTO_PATH) ? url.slice(PHOTO_PATH.length) : url;
  return PHOTO_KEY_PATTERN.test(key) ? key : null;
}

/** A stall's image as an absolute URL for link previews (og:image): on `origin` (the configured APP_ORIGIN), or
 * null when the stored value would lead anywhere else. */
export function absoluteImageUrl(origin: string, image: string | null): string | null {
  if (!image?.startsWith("/")) return null;
  const url = new URL(image, origin);
  return url.origin === new URL(origin).origin ? url.href : null;
}
