import type { Context, Next } from "hono";
import { readSessionToken } from "~/lib/auth/session-token";
import { findSession, type SessionUser } from "~/models/session.server";
import type { ApiEnv } from "./context";
import { jsonError } from "./errors";

/** Hono middleware: the signed-in user (Bearer token or session cookie) in c.var.viewer, or 401. */
export async function requireUser(
  c: Context<ApiEnv & { Variables: { viewer: SessionUser; token: string } }>,
  next: Next,
) {
  const token = readSessionToken(c.req.raw.headers);
  const session = token ? await findSession(c.var.db, c.env.KV, token) : null;
  if (!session || !token) return jsonError(c, 401, "Please log in first!");
  c.set("viewer", session.user);
  c.set("token", token);
  await next();
}

export type SignedInEnv = ApiEnv & { Variables: { viewer: SessionUser; token: string } };
