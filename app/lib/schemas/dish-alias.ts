import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText } from "~/lib/schemas/clean-text";

/** /moderation/aliases: another name for a dish (golgappa for pani puri). */
export const addDishAliasSchema = z.object({
  intent: z.literal("add"),
  dish: cleanText({ error: msg("Name the dish") })
    .min(1, msg("Name the dish"))
    .max(60, msg("At most 60 characters")),
  alias: cleanText({ error: msg("Enter the other name") })
    .min(1, msg("Enter the other name"))
    .max(60, msg("At most 60 characters")),
});

/** /moderation/aliases: one alias removed. */
export const deleteDishAliasSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});
