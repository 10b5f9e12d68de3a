import { Hono } from "hono";
import { z } from "zod";
import { isProviderConfigured, OAUTH_PROVIDERS, parseProvider } from "~/lib/auth/oauth.server";
import { describeDevice, deviceName } from "~/lib/rules/device";
import { changePasswordSchema, emailChangeSchema } from "~/lib/schemas/account";
import {
  accountSecurity,
  cancelEmailChange,
  changePassword,
  EMAIL_CHANGE_SENT,
  PASSWORD_CHANGED,
  removeAvatar,
  requestEmailChange,
  setAvatar,
} from "~/models/account-security.server";
import { listLinkedProviders, PROVIDER_NAMES, unlinkProvider } from "~/models/oauth.server";
import { readPhotoUpload } from "~/models/photo.server";
import { listSessions, revokeOtherSessions, revokeSessionById } from "~/models/session.server";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

/** Settings > Account for API clients, beside /api/profile: password, e-mail, sessions, providers, avatar. */
export const accountApi = new Hono<SignedInEnv>()
  .use(signedInOnly)
  .put("/password", valid("json", changePasswordSchema), async (c) => {
    await changePassword(c.var, { userId: c.var.user.id, keepToken: c.var.token }, c.req.valid("json"));
    return c.json({ data: { message: PASSWORD_CHANGED } });
  })
  .post("/email", valid("json", emailChangeSchema), async (c) => {
    await requestEmailChange(c.var, c.var.user, c.req.valid("json"));
    return c.json({ data: { message: EMAIL_CHANGE_SENT } }, 202);
  })
  .delete("/email", async (c) => {
    await cancelEmailChange(c.var.db, c.var.user.id);
    return c.json({ data: { pending_email: null } });
  })
  .get("/sessions", async (c) => {
    const sessions = await listSessions(c.var.db, c.var.user.id, c.var.token);
    return c.json({
      items: sessions.map((session) => ({
        id: session.id,
        device: deviceName(describeDevice(session.userAgent)),
        user_agent: session.userAgent,
        created_at: iso(session.createdAt),
        last_seen_at: iso(session.lastSeenAt),
        current: session.current,
      })),
    });
  })
  // Before /sessions/:id, which would otherwise take "others" for an id.
  .delete("/sessions/others", async (c) => {
    const revoked = await revokeOtherSessions(c.var.db, c.var.kv, c.var.user.id, c.var.token);
    return c.json({ data: { revoked } });
  })
  .delete(
    "/sessions/:id",
    valid("param", z.object({ id: z.string().regex(/^[0-9a-f]{20}$/, "Unknown session") })),
    async (c) => {
      const ended = await revokeSessionById(c.var.db, c.var.kv, c.var.user.id, c.req.valid("param").id);
      return ended ? c.json({ data: { revoked: 1 } }) : jsonError(c, 404, "Session not found");
    },
  )
  .get("/providers", async (c) => {
    const linked = new Map(
      (await listLinkedProviders(c.var.db, c.var.user.id)).map((link) => [link.provider, link.linkedAt]),
    );
    const { hasPassword } = await accountSecurity(c.var.db, c.var.user.id);
    return c.json({
      has_password: hasPassword,
      items: OAUTH_PROVIDERS.map((provider) => ({
        provider,
        name: PROVIDER_NAMES[provider],
        configured: isProviderConfigured(c.var.config, provider),
        linked: linked.has(provider),
        linked_at: iso(linked.get(provider) ?? null),
      })),
    });
  })
  .delete("/providers/:provider", async (c) => {
    const provider = parseProvider(c.req.param("provider"));
    if (!provider) return jsonError(c, 404, "Unknown provider", "provider");
    await unlinkProvider(c.var.db, c.var.user.id, provider);
    return c.json({ data: { provider, linked: false } });
  })
  .post("/avatar", async (c) => {
    const { image } = await readPhotoUpload(c.req.raw);
    const url = await setAvatar(c.var.db, c.var.kv, c.var.photos, c.var.user.id, image);
    return c.json({ avatar_url: url }, 201);
  })
  .delete("/avatar", async (c) => {
    await removeAvatar(c.var.db, c.var.kv, c.var.photos, c.var.user.id);
    return c.json({ avatar_url: null });
  });
