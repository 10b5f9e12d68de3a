import type { z } from "zod";

/**
 * One parameter of a page's address by its schema. A value the address gets wrong reads as `fallback`, so the page
 * still opens (the feed on For You, Nearby asking for a position) instead of failing on a hand-edited link.
 */
export function queryParam<Value, Fallback>(
  url: URL,
  name: string,
  schema: z.ZodType<Value>,
  fallback: Fallback,
): Value | Fallback {
  const parsed = schema.safeParse(url.searchParams.get(name) ?? undefined);
  return parsed.success ? parsed.data : fallback;
}
