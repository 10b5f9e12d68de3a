import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { type Box, MAX_BOX_DEGREES } from "~/lib/rules/nearby-plan";
import { cleanText } from "~/lib/schemas/clean-text";
import { nearSchema } from "~/lib/schemas/near";
import {
  AREA_ZOOM,
  MAX_BOX_STALLS,
  MAX_PAGE_STALLS,
  MAX_RADIUS_KM,
  STALL_FILTERS,
} from "~/lib/schemas/stall-query-fields";

const coordinate = (max: number) => z.number().min(-max).max(max);

/** "west,south,east,north" in degrees, as Leaflet's LatLngBounds.toBBoxString() writes it. */
const boxSchema = z
  .string()
  .max(100)
  .transform((text, ctx): Box => {
    const parts = text.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
    const [west, south, east, north] = parts;
    const parsed = z
      .tuple([coordinate(180), coordinate(90), coordinate(180), coordinate(90)])
      .safeParse(parts.length === 4 ? [west, south, east, north] : []);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "bbox must be 'west,south,east,north' in degrees" });
      return z.NEVER;
    }
    const box = { west: parsed.data[0], south: parsed.data[1], east: parsed.data[2], north: parsed.data[3] };
    if (box.west >= box.east || box.south >= box.north) {
      ctx.addIssue({ code: "custom", message: "bbox must have west < east and south < north" });
      return z.NEVER;
    }
    if (box.east - box.west > MAX_BOX_DEGREES || box.north - box.south > MAX_BOX_DEGREES) {
      ctx.addIssue({
        code: "custom",
        message: msg("bbox may span at most {degrees} degrees a side", { degrees: MAX_BOX_DEGREES }),
      });
      return z.NEVER;
    }
    return box;
  });

/** GET /api/shop query: one schema for the API and for the pages that build these URLs. */
export const stallListQuerySchema = z
  .object({
    near: nearSchema.optional(),
    bbox: boxSchema.optional(),
    radius_km: z.coerce.number().positive().max(MAX_RADIUS_KM).optional(),
    tag: cleanText().min(1).max(30).optional(),
    filter: z.enum(STALL_FILTERS).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_BOX_STALLS).default(24),
    cursor: z.string().max(200).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.bbox && query.limit > MAX_PAGE_STALLS) {
      ctx.addIssue({
        code: "custom",
        path: ["limit"],
        message: msg("limit may be at most {max}", { max: MAX_PAGE_STALLS }),
      });
    }
    if (query.bbox && query.cursor !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["cursor"],
        message: "a bbox query has no pages: zoom in instead",
      });
    }
    if (query.filter === "nearby" && !query.near) {
      ctx.addIssue({ code: "custom", path: ["near"], message: "near is required with filter=nearby" });
    }
    if (query.radius_km !== undefined && query.bbox) {
      ctx.addIssue({ code: "custom", path: ["radius_km"], message: "radius_km does not go with bbox" });
    }
    if (query.radius_km !== undefined && !query.near) {
      ctx.addIssue({ code: "custom", path: ["near"], message: "near is required with radius_km" });
    }
  });

export type StallListQuery = z.infer<typeof stallListQuerySchema>;

/** The area Discover showed last, "latitude,longitude,zoom", as the client writes it to a cookie for the server
 * to render the same stalls next time. */
export const discoverAreaSchema = z
  .string()
  .max(60)
  .transform((text) => text.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part))))
  .pipe(z.tuple([coordinate(90), coordinate(180), z.number().int().min(AREA_ZOOM.min).max(AREA_ZOOM.max)]))
  .transform(([lat, lng, zoom]) => ({ lat, lng, zoom }));

export type DiscoverArea = z.infer<typeof discoverAreaSchema>;
