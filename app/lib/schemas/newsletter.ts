import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
});

/** The confirmation link's token, as /newsletter/confirm reads it from its address. */
export const newsletterTokenSchema = z.string().trim().min(1).max(100);

/** An unsubscribe link's address and its signature (app/models/newsletter.server.ts). */
export const unsubscribeLinkSchema = z.object({
  email: newsletterSchema.shape.email,
  token: newsletterTokenSchema,
});
