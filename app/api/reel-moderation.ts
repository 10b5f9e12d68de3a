import { Hono } from "hono";
import { z } from "zod";
import { queueQuerySchema, reelDecisionReasonSchema } from "~/lib/schemas/moderation";
import { reelIdSchema } from "~/lib/schemas/reels";
import { decideReel, listPendingReels } from "~/models/reel/reel.server";
import { keepReportedReel, listReelReports, removeReportedReel } from "~/models/report/report.server";
import { moderatorsOnly } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const reelParam = valid("param", z.object({ id: reelIdSchema }));
const reasonBody = valid("json", reelDecisionReasonSchema);
const queueQuery = valid("query", queueQuerySchema);

/** The moderators' side of reels under /api/moderation: the same models as the /moderation page's "Pending reels"
 * and "Reported reels" tabs. */
export const reelModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/reels", queueQuery, async (c) => c.json(await listPendingReels(c.var.db, c.req.valid("query"))))
  .post("/reels/:id/approve", reelParam, async (c) => {
    await decideReel(c.var, c.req.valid("param").id, { approve: true, moderatorId: c.var.user.id });
    return c.json({ approved: true });
  })
  .post("/reels/:id/reject", reelParam, reasonBody, async (c) => {
    await decideReel(c.var, c.req.valid("param").id, {
      approve: false,
      reason: c.req.valid("json").reason,
      moderatorId: c.var.user.id,
    });
    return c.json({ rejected: true });
  })
  .get("/reel-reports", queueQuery, async (c) =>
    c.json(await listReelReports(c.var.db, c.req.valid("query"))),
  )
  .post("/reels/:id/remove", reelParam, reasonBody, async (c) => {
    await removeReportedReel(c.var, c.req.valid("param").id, c.req.valid("json").reason, c.var.user.id);
    return c.json({ removed: true });
  })
  .post(
    "/reel-reports/:id/keep",
    valid(
      "param",
      z.object({
        id: z.coerce.number({ error: "id must be a number" }).int().positive("id must be a number"),
      }),
    ),
    async (c) => {
      await keepReportedReel(c.var.db, c.var.user.id, c.req.valid("param").id);
      return c.json({ kept: true });
    },
  );
