import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { RESET_LINK_INVALID } from "~/lib/auth/messages";
import {
  forgotPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/lib/auth/schemas";
import {
  type AccountContext,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from "~/models/account.server";
import { getProfile } from "~/models/profile.server";
import { type NewSession, refreshSession, revokeSession } from "~/models/session.server";
import type { ApiEnv } from "./context";
import { jsonError, rejectInvalid } from "./errors";
import { requireUser, type SignedInEnv } from "./viewer";

export function accountContext(c: Context<ApiEnv>): AccountContext {
  return {
    db: c.var.db,
    kv: c.env.KV,
    config: c.var.config,
    origin: c.var.config.APP_ORIGIN ?? new URL(c.req.url).origin,
  };
}

const clientIp = (c: Context) => c.req.header("CF-Connecting-IP") ?? "unknown";

/** The spec's Session shape (section 3); times in seconds as OAuth clients expect. */
async function sessionPayload(c: Context<ApiEnv>, userId: string, session: NewSession) {
  const profile = await getProfile(c.var.db, userId);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const expiresAt = Math.floor(session.expiresAt / 1000);
  return {
    access_token: session.token,
    refresh_token: session.refreshToken,
    expires_at: expiresAt,
    expires_in: expiresAt - nowSeconds,
    token_type: "bearer",
    user: profile,
  };
}

export const authApi = new Hono<ApiEnv>()
  .post("/signup", zValidator("json", signUpSchema, rejectInvalid), async (c) => {
    const input = c.req.valid("json");
    const result = await signUp(accountContext(c), {
      email: input.email,
      password: input.password,
      fullName: input.full_name,
      withRefreshToken: true,
    });
    if (!result.ok) return jsonError(c, result.status, result.error);
    return c.json(
      {
        data: {
          session: await sessionPayload(c, result.userId, result.session),
          redirectTo: "/complete-profile",
        },
      },
      201,
    );
  })
  .post("/signin", zValidator("json", signInSchema, rejectInvalid), async (c) => {
    const input = c.req.valid("json");
    const result = await signIn(accountContext(c), { ...input, ip: clientIp(c), withRefreshToken: true });
    if (!result.ok) return jsonError(c, result.status, result.error);
    return c.json({
      data: { session: await sessionPayload(c, result.userId, result.session), redirectTo: "/profile" },
    });
  })
  .post("/refresh", zValidator("json", refreshSchema, rejectInvalid), async (c) => {
    const refreshed = await refreshSession(c.var.db, c.env.KV, c.req.valid("json").refresh_token);
    if (!refreshed) return jsonError(c, 401, "Invalid or expired refresh token");
    return c.json({ data: { session: await sessionPayload(c, refreshed.userId, refreshed.session) } });
  })
  .post("/forgot-password", zValidator("json", forgotPasswordSchema, rejectInvalid), async (c) => {
    await requestPasswordReset(accountContext(c), c.req.valid("json").email);
    return c.json({ data: { message: "Password reset email sent! Check your inbox." } });
  })
  .post("/reset-password", zValidator("json", resetPasswordSchema, rejectInvalid), async (c) => {
    const { token, password } = c.req.valid("json");
    if (!(await resetPassword(accountContext(c), token, password)))
      return jsonError(c, 400, RESET_LINK_INVALID);
    return c.json({ data: { message: "Password updated successfully!" } });
  });

// Sign-out needs a session to end, so it sits behind requireUser.
export const signOutApi = new Hono<SignedInEnv>().post("/", requireUser, async (c) => {
  await revokeSession(c.var.db, c.env.KV, c.var.token);
  return c.json({ data: { signedOut: true } });
});
