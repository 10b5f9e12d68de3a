import { Hono } from "hono";
import { z } from "zod";
import { usernameParamSchema } from "~/lib/schemas/community";
import { listPeople, setFollow } from "~/models/follow.server";
import { getPublicProfile } from "~/models/public-profile.server";
import type { ApiEnv } from "./context";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const usernameParam = valid("param", z.object({ username: usernameParamSchema }));
const pageQuery = valid(
  "query",
  z.object({ cursor: z.string().max(200, "cursor is not a cursor").optional() }),
);
const followBody = valid(
  "json",
  z.object({ following: z.boolean({ error: "following must be true or false" }).optional() }),
);

/** People: public profiles with their figures, follower and following lists (anyone, unless a profile is limited
 * to followers), and following or unfollowing (signed in). */
export const usersApi = new Hono<ApiEnv>()
  .get("/:username", usernameParam, async (c) => {
    const viewer = await c.var.viewer();
    return c.json(await getPublicProfile(c.var.db, viewer, c.req.valid("param").username));
  })
  .get("/:username/followers", usernameParam, pageQuery, async (c) => {
    const viewer = await c.var.viewer();
    const { username } = c.req.valid("param");
    return c.json(await listPeople(c.var.db, viewer, username, "followers", c.req.valid("query").cursor));
  })
  .get("/:username/following", usernameParam, pageQuery, async (c) => {
    const viewer = await c.var.viewer();
    const { username } = c.req.valid("param");
    return c.json(await listPeople(c.var.db, viewer, username, "following", c.req.valid("query").cursor));
  })
  .route(
    "/",
    new Hono<SignedInEnv>()
      .use(signedInOnly)
      // An empty body flips the follow; {following} sets it, so a retried request changes nothing.
      .put("/:username/follow", usernameParam, followBody, async (c) => {
        const { username } = c.req.valid("param");
        return c.json(
          await setFollow(c.var.db, c.var.kv, c.var.user.id, username, c.req.valid("json").following),
        );
      }),
  );
