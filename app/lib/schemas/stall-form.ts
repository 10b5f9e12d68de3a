// The Add a Stall input (name, description, location, gps_coordinates, photos, tags, discovery tags, menu,
// contact number, weekly schedule): one schema for the page's form (conform) and POST /api/shop. Unlike the prototype, nothing is replaced by dummy values: what is missing
// is named beside its field.

import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { GPS_FORMAT_ERROR, type LatLng, parseGps } from "~/lib/rules/geo";
import { CATEGORY_TAGS, CHOOSABLE_DISCOVERY_TAGS, WEEKDAYS } from "~/lib/rules/options";
import { dayScheduleSchema } from "~/lib/rules/schedule";
import { cleanText, requiredText } from "~/lib/schemas/clean-text";
import { menuSchema } from "~/lib/schemas/menu";
import { isIndianPhone } from "~/lib/schemas/phone";
import { photoReference } from "~/lib/schemas/photo-reference";
import {
  MAX_ADDRESS_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHOTOS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  TAG_TOO_LONG,
  TOO_MANY_TAGS,
} from "~/lib/schemas/stall-form-fields";

/** The prototype sent the same placeholder category for every stall; ours is the stall's first category tag
 * (CATEGORY_TAGS), else this. */
export const DEFAULT_CATEGORY = "Street Food";

export const PIN_REQUIRED = msg("Place the pin on the map where the stall is");
export const PIN_HERE_REQUIRED = msg("Confirm the stall is where you are standing, or move the pin onto it");
export const PHONE_MESSAGE = msg("Enter an Indian phone number, e.g. +91 98765 43210");

const tagSchema = cleanText().min(1, msg("Tags cannot be empty")).max(MAX_TAG_LENGTH, TAG_TOO_LONG);

const distinct = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;

// A day whose status was left unset ("Not sure" on the form, {} from the API) is simply not in the schedule.
const optionalDay = z.preprocess(
  (day) => (typeof day === "object" && day !== null && !("status" in day && day.status) ? undefined : day),
  dayScheduleSchema.optional(),
);

const stallShape = {
  name: requiredText(
    msg("Stall name is required"),
    MAX_NAME_LENGTH,
    msg("Stall name must be at most 80 characters"),
  ),
  contact_number: requiredText(
    msg("Contact number is required"),
    20,
    msg("Contact number must be at most 20 characters"),
  ).refine(isIndianPhone, PHONE_MESSAGE),
  description: requiredText(
    msg("Description is required"),
    MAX_DESCRIPTION_LENGTH,
    msg("Description must be at most 1000 characters"),
    true,
  ),
  location: requiredText(
    msg("Address is required"),
    MAX_ADDRESS_LENGTH,
    msg("Address must be at most 300 characters"),
  ),
  gps_coordinates: requiredText(PIN_REQUIRED, 60, GPS_FORMAT_ERROR).refine(
    (text) => parseGps(text).ok,
    GPS_FORMAT_ERROR,
  ),
  category: cleanText().min(1).max(40, msg("Category must be at most 40 characters")).optional(),
  images: z
    .array(photoReference)
    .max(MAX_PHOTOS, msg("At most 6 photos"))
    .refine(distinct, msg("Each photo only once"))
    .default([]),
  thumbnail_image: photoReference.nullish(),
  tags: z
    .array(tagSchema)
    .max(MAX_TAGS, TOO_MANY_TAGS)
    .refine(distinct, msg("Each tag only once"))
    .default([]),
  discovery_tags: z
    .array(
      z.enum(
        CHOOSABLE_DISCOVERY_TAGS.map((tag) => tag.value),
        msg("Choose from the discovery tags"),
      ),
    )
    .refine(distinct, msg("Each discovery tag only once"))
    .default([]),
  menu: menuSchema.default([]),
  weekly_schedule: z.partialRecord(z.enum(WEEKDAYS), optionalDay).nullish(),
  is_verified: z
    .literal(false, msg("New stalls are verified by a moderator, not by their submitter"))
    .optional(),
};

// The cross-field checks also run when other fields are wrong, so every message shows at once; they read the
// partly parsed value, hence the type checks.
const always = { when: () => true };

function checkThumbnail(value: { images?: unknown; thumbnail_image?: unknown }, ctx: z.RefinementCtx) {
  const { images, thumbnail_image: thumbnail } = value;
  if (
    typeof thumbnail === "string" &&
    thumbnail !== "" &&
    !(Array.isArray(images) && images.includes(thumbnail))
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["thumbnail_image"],
      message: msg("The thumbnail must be one of the images"),
    });
  }
}

/** POST /api/shop. */
export const stallCreateSchema = z.object(stallShape).superRefine(checkThumbnail, always);

export const PIN_SOURCES = ["search", "drag", "current"] as const;

/** The page's form: the same stall plus how its pin was placed. A pin left where the contributor's own GPS put
 * it is often not where the stall is, so it has to be confirmed. */
export const stallFormSchema = z
  .object({
    ...stallShape,
    pin_source: z.enum(PIN_SOURCES).optional(),
    pin_here: z.boolean().optional(),
  })
  .superRefine(checkThumbnail, always)
  .superRefine((value, ctx) => {
    if (value.pin_source === "current" && value.pin_here !== true) {
      ctx.addIssue({ code: "custom", path: ["pin_here"], message: PIN_HERE_REQUIRED });
    }
  }, always);

export type StallInput = z.infer<typeof stallCreateSchema>;

export interface PreparedStall {
  position: LatLng;
  category: string;
  thumbnailImage: string | null;
}

/** What the schema leaves to derive: the pin as numbers, the category and the thumbnail (the first photo). */
export function prepareStall(input: StallInput): PreparedStall {
  const gps = parseGps(input.gps_coordinates);
  if (!gps.ok) throw new Error("gps_coordinates passed validation but does not parse");
  return {
    position: gps.position,
    category: input.category ?? deriveCategory(input.tags),
    thumbnailImage: input.thumbnail_image ?? input.images[0] ?? null,
  };
}

export function deriveCategory(tags: string[]): string {
  for (const tag of tags) {
    const match = CATEGORY_TAGS.find((category) => category.toLowerCase() === tag.toLowerCase());
    if (match) return match;
  }
  return DEFAULT_CATEGORY;
}

/** GET /api/shop/look-alikes: the pin and name typed so far. */
export const lookAlikeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  name: cleanText().min(2, "name: at least 2 characters").max(MAX_NAME_LENGTH),
});
