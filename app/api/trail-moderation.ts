import { Hono } from "hono";
import { z } from "zod";
import { trailIdSchema } from "~/lib/schemas/food-trail";
import { hidePostSchema, queueQuerySchema } from "~/lib/schemas/moderation";
import { hideTrail, keepTrail, listTrailReports } from "~/models/report/report.server";
import { moderatorsOnly } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** The moderators' side of trail reports under /api/moderation: the same models as the /moderation page's "Trails"
 * tab. */
export const trailModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/trails", valid("query", queueQuerySchema), async (c) =>
    c.json(await listTrailReports(c.var.db, c.req.valid("query"))),
  )
  .post(
    "/trails/:id/hide",
    valid("param", z.object({ id: trailIdSchema })),
    valid("json", hidePostSchema),
    async (c) => {
      await hideTrail(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").reason);
      return c.json({ hidden: true });
    },
  )
  .post(
    "/trail-reports/:id/keep",
    valid(
      "param",
      z.object({
        id: z.coerce.number({ error: "id must be a number" }).int().positive("id must be a number"),
      }),
    ),
    async (c) => {
      await keepTrail(c.var.db, c.var.user.id, c.req.valid("param").id);
      return c.json({ kept: true });
    },
  );
