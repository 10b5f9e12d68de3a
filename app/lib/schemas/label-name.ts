import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText } from "~/lib/schemas/clean-text";

/** A label's Hindi name, new or changed (ADR 035): PUT /api/moderation/labels, and the form below. */
export const labelNameSchema = z.object({
  label: cleanText({ error: msg("Name the label") })
    .min(1, msg("Name the label"))
    .max(60, msg("At most 60 characters")),
  hindi: cleanText({ error: msg("Enter its Hindi name") })
    .min(1, msg("Enter its Hindi name"))
    .max(60, msg("At most 60 characters"))
    .regex(/[\u0900-\u097F]/, msg("Write the Hindi name in Devanagari")),
});

/** /moderation/labels: the form that sets a Hindi name. */
export const setLabelNameSchema = labelNameSchema.extend({ intent: z.literal("set") });

/** /moderation/labels: one Hindi name removed, so pages show the English label again. */
export const deleteLabelNameSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});
