import type { z } from "zod";
import { ModelError } from "~/models/model-error";
import { done, refusal } from "~/request/answers.server";

/**
 * The intent=delete half of a word-list page's action (RemoveEntryButton posts it): the id is read by `schema`,
 * `remove` deletes it, and the answer is `removed`, or a 400 saying `unreadable` for a form that could not be read.
 */
export async function removeByIntent(
  form: FormData,
  schema: z.ZodType<{ id: number }>,
  remove: (id: number) => Promise<unknown>,
  messages: { unreadable: string; removed: string },
) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refusal(new ModelError(400, messages.unreadable));
  try {
    await remove(parsed.data.id);
  } catch (error) {
    return refusal(error);
  }
  return done(messages.removed);
}
