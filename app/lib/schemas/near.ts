import { z } from "zod";
import { parseGps } from "~/lib/rules/geo";

/** A position sent as numbers in a JSON body (a post's writer, the trail generator's start). */
export const latitudeSchema = z
  .number({ error: "lat must be a number from -90 to 90" })
  .min(-90, "lat must be a number from -90 to 90")
  .max(90, "lat must be a number from -90 to 90");
export const longitudeSchema = z
  .number({ error: "lng must be a number from -180 to 180" })
  .min(-180, "lng must be a number from -180 to 180")
  .max(180, "lng must be a number from -180 to 180");

/** The reader's position in a query (?near=lat,lng), read as the add-stall form's GPS text is: the stall, trail, feed
 * and reel lists and the reader of one post or reel check it here, so a position out of range is refused before a
 * model sees it. */
export const nearSchema = z
  .string()
  .max(60, "near must be lat,lng")
  .transform((text, ctx) => {
    const parsed = parseGps(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: "near must be lat,lng" });
      return z.NEVER;
    }
    return parsed.position;
  });

/** ?near= alone, for the reader of one post or reel. */
export const nearQuerySchema = z.object({ near: nearSchema.optional() });

/** The query of a feed of pages (the feed's and the reels' URLs and APIs): the tab (its first one by default), the
 * reader's position for Nearby, and the keyset cursor the previous page answered. */
export const feedPageQuery = <Tab extends string>(tabs: readonly [Tab, ...Tab[]], tabError: string) =>
  z.object({
    tab: z.enum(tabs, { error: tabError }).default(tabs[0]),
    near: nearSchema.optional(),
    cursor: z.string().max(200, "cursor is not a cursor").optional(),
  });
