import { Hono } from "hono";
import { z } from "zod";
import { accountActionSchema } from "~/lib/schemas/account-action";
import { actOnAccount } from "~/models/account-action/account-action.server";
import { moderatorsOnly } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/**
 * Moderators act on a person's account (ADR 052): warn, silence, suspend, remove as spam, lift. The person page
 * (/moderation/people/:username) posts its form to the same model function.
 */
export const accountActionsApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .post(
    "/users/:username/actions",
    valid("param", z.object({ username: z.string().min(1).max(100) })),
    valid("json", accountActionSchema),
    async (c) => {
      const taken = await actOnAccount(c.var, c.var.user, c.req.valid("param").username, c.req.valid("json"));
      return c.json(taken, 201);
    },
  );
