import { parseWithZod } from "@conform-to/zod/v4";
import { trailSchema } from "~/lib/schemas/food-trail";

/**
 * The trail editor's form read with the trail schema, in the browser and in the actions alike. Without conform's
 * automatic coercion: it turns an empty description into a missing value inside the schema's preprocess, which the
 * text rule then refuses ("Description must be text"). Nothing in the form needs coercing: every field is text,
 * and an unchosen start time is simply not sent.
 */
export function parseTrailForm(formData: FormData) {
  return parseWithZod(formData, { schema: trailSchema, disableAutoCoercion: true });
}
