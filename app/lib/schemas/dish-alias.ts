import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { requiredText } from "~/lib/schemas/clean-text";

/** /moderation/aliases: another name for a dish (golgappa for pani puri). */
export const addDishAliasSchema = z.object({
  intent: z.literal("add"),
  dish: requiredText(msg("Name the dish"), 60, msg("At most 60 characters")),
  alias: requiredText(msg("Enter the other name"), 60, msg("At most 60 characters")),
});

/** /moderation/aliases: one alias removed. */
export const deleteDishAliasSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});
