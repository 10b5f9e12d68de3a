import { z } from "zod";
import { photoKeyFromUrl, photoUrl } from "~/lib/http/photo-url";
import { msg } from "~/lib/i18n/translate";

// Apart from the stall form, so the post schemas (and the moderation pages that import them) take this one field
// without the whole Add a Stall schema.

export const OUR_PHOTOS_ONLY = msg("Only photos uploaded here can be used");

/** One of our uploads, as `/photos/<key>` or the bare key; stored as the path built from the key (photo-url.ts). */
export const photoReference = z
  .string()
  .max(200)
  .refine((url) => photoKeyFromUrl(url) !== null, OUR_PHOTOS_ONLY)
  .transform((url) => photoUrl(photoKeyFromUrl(url) ?? ""));
