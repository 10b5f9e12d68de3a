import { Hono } from "hono";
import { addDishAliasSchema } from "~/lib/schemas/dish-alias";
import { addDishAlias, deleteDishAlias, listDishAliases } from "~/models/dish-alias.server";
import { moderatorsOnly, rowParam } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** Dish aliases (ADR 018) under /api/moderation: the same model as /moderation/aliases. An alias already listed is
 * refused with 409 naming the field, one already removed with 404. */
export const aliasModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/aliases", async (c) => c.json({ aliases: await listDishAliases(c.var.db) }))
  // The page's schema without its form's `intent`, which only tells the page's two buttons apart.
  .post("/aliases", valid("json", addDishAliasSchema.omit({ intent: true })), async (c) =>
    c.json(await addDishAlias(c.var.db, c.req.valid("json"), c.var.user.id), 201),
  )
  .delete("/aliases/:id", rowParam, async (c) => {
    await deleteDishAlias(c.var.db, c.req.valid("param").id, c.var.user.id);
    return c.json({ removed: true });
  });
