import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { type GeocodeResult, MAX_GEOCODE_QUERY_LENGTH, MAX_GEOCODE_RESULTS } from "~/lib/rules/geocoding";
import { cleanText } from "~/lib/schemas/clean-text";

// The geocoding proxy's checks (ADR 007): its query parameters, and Nominatim's answers read into plain results.

// Plain decimal text only: Number() would also accept "", "0x1f", "1e3" and "Infinity".
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

function coordinateParam(limit: number) {
  return z
    .string({ error: "Required" })
    .trim()
    .regex(DECIMAL, "Must be a number")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, msg("Must be between -{limit} and {limit}", { limit }))
        .max(limit, msg("Must be between -{limit} and {limit}", { limit })),
    );
}

/** GET /api/geocode/search?q= */
export const geocodeSearchQuerySchema = z.object({
  // Tabs and line breaks are kept here: normaliseGeocodeQuery collapses every kind of whitespace.
  q: cleanText({ error: "Required", multiline: true })
    .min(1, "Must not be empty")
    .max(
      MAX_GEOCODE_QUERY_LENGTH,
      msg("Must be at most {max} characters", { max: MAX_GEOCODE_QUERY_LENGTH }),
    ),
});

/** GET /api/geocode/reverse?lat=&lon= */
export const geocodeReverseQuerySchema = z.object({
  lat: coordinateParam(90),
  lon: coordinateParam(180),
});

// Nominatim sends coordinates as strings ("12.9716"); the cache holds them as numbers. Both are read here.
const coordinate = (limit: number) =>
  z
    .union([z.number(), z.string().trim().regex(DECIMAL).transform(Number)])
    .pipe(z.number().min(-limit).max(limit));

const placeSchema = z.object({
  display_name: z.string().trim().min(1),
  lat: coordinate(90),
  lon: coordinate(180),
});

/**
 * Nominatim's /search answer (or a cached one) as at most five results; null when it is not a list at all.
 * Entries without a name or usable coordinates are left out; the rest keep Nominatim's order.
 */
export function parseSearchPayload(payload: unknown): GeocodeResult[] | null {
  if (!Array.isArray(payload)) return null;
  const results: GeocodeResult[] = [];
  for (const entry of payload) {
    const parsed = placeSchema.safeParse(entry);
    if (parsed.success) results.push(parsed.data);
    if (results.length === MAX_GEOCODE_RESULTS) break;
  }
  return results;
}

export type ReverseOutcome = { found: true; display_name: string } | { found: false };

const reverseFoundSchema = z.object({ display_name: z.string().trim().min(1) });
// Nominatim answers 200 {"error":"Unable to geocode"} where it knows no address (the sea, for one).
const reverseMissingSchema = z.object({ error: z.string() });

/** Nominatim's /reverse answer (or a cached one); null when it is neither an address nor "no address". */
export function parseReversePayload(payload: unknown): ReverseOutcome | null {
  const found = reverseFoundSchema.safeParse(payload);
  if (found.success) return { found: true, display_name: found.data.display_name };
  if (reverseMissingSchema.safeParse(payload).success) return { found: false };
  return null;
}
