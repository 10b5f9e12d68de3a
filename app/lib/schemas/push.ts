import { z } from "zod";

// Web push (issue 23): what a browser sends to turn push on or off for itself, as PushSubscription.toJSON() gives it.

const endpoint = z
  .url({ protocol: /^https$/, error: "endpoint must be an https URL" })
  .max(2048, "endpoint must be at most 2048 characters");

export const pushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes starting 0x04), base64url without padding.
      p256dh: z
        .string({ error: "keys.p256dh must be a string" })
        .regex(/^B[A-Za-z0-9_-]{86}$/, "keys.p256dh must be a P-256 public key in base64url"),
      // 16 random bytes, base64url without padding.
      auth: z
        .string({ error: "keys.auth must be a string" })
        .regex(/^[A-Za-z0-9_-]{22}$/, "keys.auth must be 16 bytes in base64url"),
    },
    { error: "keys must hold p256dh and auth" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint });
