import { Hono } from "hono";
import { z } from "zod";
import { queueQuerySchema, reelDecisionReasonSchema } from "~/lib/schemas/moderation";
import { reelIdSchema } from "~/lib/schemas/reels";
import { decideReel, listPendingReels } from "~/models/reel/reel.server";
import { decideReport, listReelReports, removeReportedReel } from "~/models/report/report.server";
import { moderatorsOnly, rowParam } from "./post-moderation";
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
  .post("/reel-reports/:id/keep", rowParam, async (c) => {
    await decideReport(c.var, c.var.user.id, { report: c.req.valid("param").id, decision: "keep" });
    return c.json({ kept: true });
  });
