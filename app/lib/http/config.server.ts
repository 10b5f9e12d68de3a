import { z } from "zod";

// Variables and secrets are checked once per request at the edge of the app, so a misconfigured deployment
// fails loudly with the variable's name instead of misbehaving later.
const optionalSecret = z.string().min(1).optional();

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
    // Links in e-mails, OAuth callbacks and og:url are built on it, never on the request's Host header.
    APP_ORIGIN: z
      .url({ protocol: /^https?$/ })
      .transform((value) => new URL(value).origin)
      .optional(),
    RESEND_API_KEY: optionalSecret,
    MAIL_FROM: z.string().min(3).default("Nukkad <hello@nukkad.app>"),
    GOOGLE_CLIENT_ID: optionalSecret,
    GOOGLE_CLIENT_SECRET: optionalSecret,
    GITHUB_CLIENT_ID: optionalSecret,
    GITHUB_CLIENT_SECRET: optionalSecret,
    // The key newsletter unsubscribe links are signed with (app/models/newsletter.server.ts).
    NEWSLETTER_SECRET: optionalSecret,
    // A Nominatim-compatible geocoder (ADR 007); unset means the public instance.
    NOMINATIM_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Web push (ADR 028): the VAPID key pair, base64url as browsers and push services read them (a P-256 public
    // point of 65 bytes, a private scalar of 32); without them push is off. The subject is how a push service
    // reaches whoever sends, so it must be a real mailto: or https: address.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/)
      .default("mailto:hello@nukkad.app"),
    // How much confirmed members' reports must weigh before what they report is hidden pending review (ADR 051).
    REPORTS_TO_HIDE: z.coerce.number().min(1).default(3),
  })
  .refine((config) => (config.VAPID_PUBLIC_KEY === undefined) === (config.VAPID_PRIVATE_KEY === undefined), {
    path: ["VAPID_PRIVATE_KEY"],
    message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together",
  })
  .refine((config) => config.ENVIRONMENT !== "production" || config.APP_ORIGIN !== undefined, {
    path: ["APP_ORIGIN"],
    message: "APP_ORIGIN is required in production",
  });

export type AppConfig = z.infer<typeof configSchema> & { isProduction: boolean };

export function readConfig(env: Env): AppConfig {
  // Unset and empty mean the same: not configured.
  const values = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [
      key,
      (env as unknown as Record<string, unknown>)[key] || undefined,
    ]),
  );
  const parsed = configSchema.safeParse(values);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid Worker configuration: ${names}`);
  }
  return { ...parsed.data, isProduction: parsed.data.ENVIRONMENT === "production" };
}

/**
 * The origin every link the app sends out is built on: APP_ORIGIN, which production must set. Only local
 * development and tests, where it may be unset, fall back to the request's own origin.
 */
export function linkOrigin(config: AppConfig, requestUrl: string): string {
  return config.APP_ORIGIN ?? new URL(requestUrl).origin;
}
