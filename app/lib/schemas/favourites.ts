import { z } from "zod";
import { cleanText } from "~/lib/schemas/clean-text";
import { NOTE_MAX_LENGTH, NOTE_TOO_LONG } from "~/lib/schemas/favourites-fields";
import { stallIdSchema } from "~/lib/schemas/stall-id";

// One schema per input, shared by the pages (conform or fetcher forms) and the JSON API.

/** A whole number of stars from 1 to 5; 0, 6, 2.5 and "4" are refused, not rounded or coerced. */
export const starRatingSchema = z
  .number({ error: "Rating must be a whole number from 1 to 5" })
  .int("Rating must be a whole number from 1 to 5")
  .min(1, "Rating must be a whole number from 1 to 5")
  .max(5, "Rating must be a whole number from 1 to 5");

/** PUT /api/profile/favorites and every heart in the app. Without `favourited` the bookmark flips; with it, the
 * bookmark is set to that state, so a retried or doubled request cannot undo itself. */
export const favouriteToggleSchema = z.object({
  stallId: stallIdSchema,
  favourited: z.boolean({ error: "favourited must be true or false" }).optional(),
});

/** Empty text means "no note". */
const noteSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  cleanText({ error: "Note must be text", multiline: true }).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG).nullable(),
);

/** PATCH /api/profile/favorites/:stallId and My Food Trail: the private note and the personal rating, either or
 * both; null clears one. */
export const favouriteUpdateSchema = z
  .object({
    note: noteSchema.optional(),
    personal_rating: starRatingSchema.nullable().optional(),
  })
  .strict()
  .refine((value) => value.note !== undefined || value.personal_rating !== undefined, {
    message: "Send a note or a personal_rating",
  });

export type FavouriteUpdate = z.infer<typeof favouriteUpdateSchema>;
