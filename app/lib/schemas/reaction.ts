import { z } from "zod";

// The bodies of PUT …/like and …/save on posts, reviews, reels and trails: an explicit value sets the mark (repeating
// it changes nothing), none flips it.

export const likeBodySchema = z.object({
  liked: z.boolean({ error: "liked must be true or false" }).optional(),
});
export const saveBodySchema = z.object({
  saved: z.boolean({ error: "saved must be true or false" }).optional(),
});
