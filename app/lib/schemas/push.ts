import { z } from "zod";

// Web push (issue 23): what a browser sends to turn push on or off for itself, as PushSubscription.toJSON() gives it.

/**
 * The browsers' push services: the Worker posts to whatever endpoint is stored, so any other host would let a member
 * have it post anywhere. `.test` is reserved (RFC 2606), never on the internet: the e2e tests' stand-in lives there.
 */
const PUSH_SERVICE_HOST =
  /^(fcm\.googleapis\.com|android\.googleapis\.com|([a-z0-9-]+\.)*push\.services\.mozilla\.com|([a-z0-9-]+\.)*push\.apple\.com|([a-z0-9-]+\.)*notify\.windows\.com|([a-z0-9-]+\.)+test)$/;

const endpoint = z
  .url({
    protocol: /^https$/,
    hostname: PUSH_SERVICE_HOST,
    error: "endpoint must be the https address of a browser's push service",
  })
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
