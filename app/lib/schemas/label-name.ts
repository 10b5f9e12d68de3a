import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { requiredText } from "~/lib/schemas/clean-text";

/** A label's Hindi name, new or changed (ADR 035): PUT /api/moderation/labels, and the form below. */
export const labelNameSchema = z.object({
  label: requiredText(msg("Name the label"), 60, msg("At most 60 characters")),
  hindi: requiredText(msg("Enter its Hindi name"), 60, msg("At most 60 characters")).regex(
    /[\u0900-\u097F]/,
    msg("Write the Hindi name in Devanagari"),
  ),
});

/** /moderation/labels: the form that sets a Hindi name. */
export const setLabelNameSchema = labelNameSchema.extend({ intent: z.literal("set") });

/** /moderation/labels: one Hindi name removed, so pages show the English label again. */
export const deleteLabelNameSchema = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});
