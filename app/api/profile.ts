import { Hono } from "hono";
import { z } from "zod";
import { apiProfileUpdateSchema, usernameSchema } from "~/lib/auth/schemas";
import { favouriteToggleSchema, favouriteUpdateSchema } from "~/lib/schemas/favourites";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { findFavourite, listFavourites, setFavourite, updateFavourite } from "~/models/favourite.server";
import { getProfile, isUsernameAvailable, updateProfile } from "~/models/profile.server";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

export const profileApi = new Hono<SignedInEnv>()
  .use(signedInOnly)
  .get("/", async (c) => {
    const profile = await getProfile(c.var.db, c.var.user.id);
    return profile ? c.json(profile) : jsonError(c, 404, "Profile not found");
  })
  // strict(): email, role and created_at are not part of the update; sending them is an error, not a no-op.
  .put("/", valid("json", apiProfileUpdateSchema.strict()), async (c) => {
    await updateProfile(c.var.db, c.var.kv, c.var.user.id, c.req.valid("json"));
    return c.json(await getProfile(c.var.db, c.var.user.id));
  })
  .get("/check-username", valid("query", z.object({ username: usernameSchema })), async (c) => {
    const available = await isUsernameAvailable(c.var.db, c.req.valid("query").username, c.var.user.id);
    // The complete-profile form's own words for the answer (the spec's availability messages).
    return c.json({ available, message: available ? "Username is available" : "Username already taken" });
  })
  .get("/favorites", async (c) => c.json({ items: await listFavourites(c.var.db, c.var.user.id) }))
  .put("/favorites", valid("json", favouriteToggleSchema), async (c) => {
    const { stallId, favourited } = c.req.valid("json");
    return c.json(await setFavourite(c.var.db, c.var.user.id, stallId, favourited));
  })
  .patch(
    "/favorites/:stallId",
    valid("param", z.object({ stallId: stallIdSchema })),
    valid("json", favouriteUpdateSchema),
    async (c) => {
      const { stallId } = c.req.valid("param");
      const saved = await updateFavourite(c.var.db, c.var.user.id, stallId, c.req.valid("json"));
      const favourite = saved ? await findFavourite(c.var.db, c.var.user.id, stallId) : null;
      return favourite
        ? c.json(favourite)
        : jsonError(c, 404, "This stall is not in your favourites", "stallId");
    },
  );
