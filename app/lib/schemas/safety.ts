import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { isOneWord, MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from "~/lib/rules/muted-words";
import type { PersonView } from "~/lib/schemas/community";

// Block and mute (issue 33 §1, ADR 048): the inputs of PUT /api/users/:username/block and /mute, of PUT
// /api/profile/muted-words, and of the pages' forms. The state is always said: an empty body is refused, never a flip.

export const blockSchema = z
  .object({ blocked: z.boolean({ error: "blocked must be true or false" }) })
  .strict();
export const muteSchema = z.object({ muted: z.boolean({ error: "muted must be true or false" }) }).strict();

const mutedWord = z
  .string({ error: "each word must be text" })
  .trim()
  .min(1, msg("A muted word cannot be empty"))
  .max(MUTED_WORD_MAX_LENGTH, msg("A muted word has at most 40 characters"))
  .refine(isOneWord, msg("Mute one whole word at a time: letters and digits only"));

export const mutedWordsSchema = z
  .object({
    words: z
      .array(mutedWord, { error: "words must be a list" })
      .max(MUTED_WORDS_MAX, msg("You can mute up to 20 words")),
  })
  .strict();
export type MutedWordsInput = z.infer<typeof mutedWordsSchema>;

/** GET /api/profile/blocks and /mutes: the people, newest choice first, with when it was made. */
export interface KeptAwayList {
  data: (PersonView & { since: string })[];
}
