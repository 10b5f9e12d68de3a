import { z } from "zod";
import { cleanText } from "~/lib/schemas/clean-text";

/** /moderation/aliases: another name for a dish (golgappa for pani puri). */
export const addDishAliasSchema = z.object({
  intent: z.literal("add"),
  dish: cleanText({ error: "Name the dish" }).min(1, "Name the dish").max(60, "At most 60 characters"),
  alias: cleanText({ error: "Enter the other name" })
    .min(1, "Enter the other name")
    .max(60, "At most 60 characters"),
});

/** /moderation/aliases: one alias removed. */
export const deleteDishAliasSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});
