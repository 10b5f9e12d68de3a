import { z } from "zod";
import { LANGUAGES } from "~/lib/i18n/languages";

/** Settings > Language and the header's switch: the language to use, and the page to come back to. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: "Choose English or हिन्दी" }),
  redirectTo: z.string().max(2000).optional(),
});
