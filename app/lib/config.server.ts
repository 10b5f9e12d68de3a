import { z } from "zod";

// Variables and secrets are checked once per request at the edge of the app, so a misconfigured deployment
// fails loudly with the variable's name instead of misbehaving later.
const configSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  APP_ORIGIN: z.url().optional(),
});

export type AppConfig = z.infer<typeof configSchema> & { isProduction: boolean };

export function readConfig(env: Env): AppConfig {
  const parsed = configSchema.safeParse({
    ENVIRONMENT: env.ENVIRONMENT || undefined,
    APP_ORIGIN: env.APP_ORIGIN || undefined,
  });
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid Worker configuration: ${names}`);
  }
  return { ...parsed.data, isProduction: parsed.data.ENVIRONMENT === "production" };
}
