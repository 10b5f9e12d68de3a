import { type Context, Hono } from "hono";
import { clientIp } from "~/lib/auth/client-ip";
import { RESET_SENT, SIGN_UP_DONE } from "~/lib/auth/messages";
import { forgotPasswordSchema, refreshSchema, signInSchema } from "~/lib/auth/schemas";
import { resetPasswordServerSchema, signUpServerSchema } from "~/lib/auth/schemas.server";
import { CLEAR_SITE_DATA } from "~/lib/http/clear-site-data";
import { requestPasswordReset, resetPassword, signIn, signUp } from "~/models/account.server";
import { getProfile } from "~/models/profile.server";
import { type NewSession, refreshSession, revokeSession } from "~/models/session.server";
import type { ApiEnv } from "./context";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** The session answer: access_token, refresh_token, expires_at, expires_in, token_type and user (the profile),
 * the shape OAuth-style clients read; times in seconds as they expect. */
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
  // No session here: a registered address gets the same answer (and an e-mail saying it is registered).
  .post("/signup", valid("json", signUpServerSchema), async (c) => {
    const input = c.req.valid("json");
    await signUp(c.var, {
      email: input.email,
      password: input.password,
      fullName: input.full_name,
      ip: clientIp(c.req.raw.headers),
    });
    return c.json({ data: { session: null, message: SIGN_UP_DONE, redirectTo: "/auth" } }, 202);
  })
  .post("/signin", valid("json", signInSchema), async (c) => {
    const input = c.req.valid("json");
    const signedIn = await signIn(c.var, {
      ...input,
      ip: clientIp(c.req.raw.headers),
      userAgent: c.req.header("User-Agent") ?? null,
      withRefreshToken: true,
    });
    return c.json({
      data: {
        session: await sessionPayload(c, signedIn.userId, signedIn.session),
        redirectTo: signedIn.needsProfile ? "/complete-profile" : "/profile",
      },
    });
  })
  .post("/refresh", valid("json", refreshSchema), async (c) => {
    const refreshed = await refreshSession(c.var.db, c.var.kv, c.req.valid("json").refresh_token);
    if (!refreshed) return jsonError(c, 401, "Invalid or expired refresh token");
    return c.json({ data: { session: await sessionPayload(c, refreshed.userId, refreshed.session) } });
  })
  .post("/forgot-password", valid("json", forgotPasswordSchema), async (c) => {
    await requestPasswordReset(c.var, c.req.valid("json").email, clientIp(c.req.raw.headers));
    return c.json({ data: { message: RESET_SENT } });
  })
  .post("/reset-password", valid("json", resetPasswordServerSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(c.var, token, password);
    return c.json({ data: { message: "Password updated successfully!" } });
  });

// Sign-out needs a session to end, so it sits behind signedInOnly.
export const signOutApi = new Hono<SignedInEnv>().post("/", signedInOnly, async (c) => {
  await revokeSession(c.var.db, c.var.kv, c.var.token);
  c.header("Clear-Site-Data", CLEAR_SITE_DATA);
  return c.json({ data: { signedOut: true } });
});
