import { Hono } from "hono";
import { z } from "zod";
import { trailIdSchema } from "~/lib/schemas/food-trail";
import { hidePostSchema, queueQuerySchema } from "~/lib/schemas/moderation";
import { decideReport, hideTrail, listTrailReports } from "~/models/report/report.server";
import { moderatorsOnly, rowParam } from "./post-moderation";
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
  .post("/trail-reports/:id/keep", rowParam, async (c) => {
    await decideReport(c.var, c.var.user.id, { report: c.req.valid("param").id, decision: "keep" });
    return c.json({ kept: true });
  });
