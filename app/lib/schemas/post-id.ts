import { z } from "zod";

// A post's public id as randomId() makes it, apart from the post schemas so the moderation pages take it alone.

export const postIdSchema = z
  .string({ error: "postId is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "postId is not a post id");
