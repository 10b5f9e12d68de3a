import type { Context, Next } from "hono";
import { readSessionToken } from "~/lib/auth/session-token";
import type { SessionUser } from "~/models/session.server";
import type { ApiEnv } from "./context";
import { jsonError } from "./errors";

export type SignedInEnv = ApiEnv & { Variables: { user: SessionUser; token: string } };

/**
 * Hono middleware for the API's signed-in routes: the user in c.var.user and their token in c.var.token, or 401.
 * (Pages send visitors to sign in instead: signedInOnly in app/request/guards.server.ts.)
 */
export async function signedInOnly(c: Context<SignedInEnv>, next: Next) {
  const token = readSessionToken(c.req.raw.headers);
  const user = token ? await c.var.viewer() : null;
  if (!user || !token) return jsonError(c, 401, "Please log in first!");
  c.set("user", user);
  c.set("token", token);
  await next();
}
