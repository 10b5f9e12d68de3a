import { z } from "zod";
import { MAX_QUERY_LENGTH, normaliseQuery } from "~/lib/rules/search-query";

const query = z
  .string({ error: "q is required" })
  .max(MAX_QUERY_LENGTH * 4, "q is too long")
  .transform(normaliseQuery)
  .pipe(z.string().min(1, "q must not be empty"));

/** GET /api/search and the /search page. */
export const searchQuerySchema = z.object({
  q: query,
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(10).optional(),
});

/** GET /api/search/suggest: anything shorter than two characters simply has no suggestions. */
export const suggestQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH * 4, "q is too long")
    .default(""),
});
