import { z } from "zod";

// A stall's public id (shop_unique_id) as randomId() makes it: URL-safe characters, at most 40. Paths, forms and
// JSON bodies all check it with these, so junk never reaches a query.
const STALL_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const isStallId = (value: string) => STALL_ID_PATTERN.test(value);

export const stallIdSchema = z
  .string({ error: "stallId is required" })
  .trim()
  .min(1, "stallId is required")
  .regex(STALL_ID_PATTERN, "stallId is not a stall id");
