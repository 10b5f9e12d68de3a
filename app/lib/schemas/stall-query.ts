import { z } from "zod";
import { parseGps } from "~/lib/rules/geo";
import { cleanText } from "~/lib/schemas/clean-text";

export const STALL_FILTERS = ["nearby", "open_now", "new"] as const;
export type StallFilter = (typeof STALL_FILTERS)[number];

/** The Nearby filter's radius: stalls within 5 km of the point. */
export const NEARBY_RADIUS_KM = 5;
/** Without a radius, a search around a point orders every stall by distance, up to this far. */
export const MAX_RADIUS_KM = 2000;

/** GET /api/shop query: one schema for the API and for the pages that build these URLs. */
export const stallListQuerySchema = z
  .object({
    near: z
      .string()
      .max(60)
      .transform((text, ctx) => {
        const parsed = parseGps(text);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: "near must be 'latitude,longitude'" });
          return z.NEVER;
        }
        return parsed.position;
      })
      .optional(),
    radius_km: z.coerce.number().positive().max(MAX_RADIUS_KM).optional(),
    tag: cleanText().min(1).max(30).optional(),
    filter: z.enum(STALL_FILTERS).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    cursor: z.string().max(200).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.filter === "nearby" && !query.near) {
      ctx.addIssue({ code: "custom", path: ["near"], message: "near is required with filter=nearby" });
    }
    if (query.radius_km !== undefined && !query.near) {
      ctx.addIssue({ code: "custom", path: ["near"], message: "near is required with radius_km" });
    }
  });

export type StallListQuery = z.infer<typeof stallListQuerySchema>;
