import { Hono } from "hono";
import { themeCookie, themeFromCookieHeader } from "~/lib/http/theme";
import { type Settings, settingsSchema } from "~/lib/schemas/settings";
import { getSettings, type StoredSettings, saveSettings } from "~/models/settings.server";
import type { RequestContext } from "~/request/context.server";
import type { ApiEnv } from "./context";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** The settings as the API answers them: the profile's (or a visitor's defaults), this browser's theme cookie, and
 * the language the request is answered in. */
async function answer(
  request: Request,
  context: Pick<RequestContext, "preferences" | "language">,
  stored: StoredSettings | null,
): Promise<Required<Settings>> {
  const { units, homeCity } = await context.preferences();
  return {
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    language: stored?.language ?? (await context.language()),
    units: stored?.units ?? units,
    home_city: stored ? stored.homeCity : homeCity,
    profile_visibility: stored?.profileVisibility ?? "public",
    mention_policy: stored?.mentionPolicy ?? "everyone",
  };
}

/**
 * GET /api/settings for anyone (a visitor's come from their cookies and the defaults); PUT /api/settings replaces a
 * signed-in person's, kept on their profile. The theme is only ever a cookie: a PUT with one sets it.
 */
export const settingsApi = new Hono<ApiEnv>()
  .get("/", async (c) => {
    const viewer = await c.var.viewer();
    return c.json(await answer(c.req.raw, c.var, viewer ? await getSettings(c.var.db, viewer.id) : null));
  })
  .route(
    "/",
    new Hono<SignedInEnv>().use(signedInOnly).put("/", valid("json", settingsSchema), async (c) => {
      const { theme, ...change } = c.req.valid("json");
      await saveSettings(c.var.db, c.var.kv, c.var.user.id, change);
      const saved = await answer(c.req.raw, c.var, await getSettings(c.var.db, c.var.user.id));
      if (!theme) return c.json(saved);
      c.header("Set-Cookie", themeCookie(theme));
      return c.json({ ...saved, theme });
    }),
  );
