import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { IMPORT_MAX_PLACES } from "~/lib/rules/place-import";
import { stallIdSchema } from "./stall-id";

// The inputs of Settings > Your data (issue 22), for POST /api/profile/import/confirm, DELETE /api/profile and
// the page's forms alike.

export const importConfirmSchema = z.object({
  stallIds: z
    .array(stallIdSchema, { error: msg("stallIds must be a list of stall ids") })
    .min(1, msg("Choose at least one stall to save"))
    .max(IMPORT_MAX_PLACES, msg("Choose up to 5,000 stalls at once")),
});

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: msg("confirm is required") })
    .trim()
    .min(1, msg("confirm is required"))
    .max(320, msg("confirm is too long")),
});
