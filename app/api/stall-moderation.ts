import { Hono } from "hono";
import { z } from "zod";
import { queueQuerySchema, reelDecisionReasonSchema } from "~/lib/schemas/moderation";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { decideClaim, listPendingClaims } from "~/models/claim.server";
import { decideStall, listPendingStalls } from "~/models/moderation.server";
import {
  countModerationQueues,
  listOpenReports,
  removeReportedStall,
  resolveReport,
} from "~/models/report/report.server";
import { moderatorsOnly, rowParam } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const stallParam = valid("param", z.object({ id: stallIdSchema }));
const queueQuery = valid("query", queueQuerySchema);

/**
 * The moderators' side of stalls under /api/moderation: the same models as the /moderation page's "Pending",
 * "Reports" and "Claims" tabs. Each decision answers the stall's name, as the page's toast says it; a second
 * decision on the same item is refused with 409, as on the page. `GET /counts` is the page's tab badges: how many
 * items wait in each queue, of stalls matching `q`.
 */
export const stallModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/counts", valid("query", queueQuerySchema.pick({ q: true })), async (c) =>
    c.json(await countModerationQueues(c.var.db, c.req.valid("query").q)),
  )
  .get("/stalls", queueQuery, async (c) => c.json(await listPendingStalls(c.var.db, c.req.valid("query"))))
  .post("/stalls/:id/approve", stallParam, async (c) => {
    const { name } = await decideStall(c.var, c.req.valid("param").id, {
      approve: true,
      moderatorId: c.var.user.id,
    });
    return c.json({ approved: true, name });
  })
  // The reason is shown to the stall's submitter, as a rejected reel's is to its author: the same rule.
  .post("/stalls/:id/reject", stallParam, valid("json", reelDecisionReasonSchema), async (c) => {
    const { name } = await decideStall(c.var, c.req.valid("param").id, {
      approve: false,
      reason: c.req.valid("json").reason,
      moderatorId: c.var.user.id,
    });
    return c.json({ rejected: true, name });
  })
  .get("/stall-reports", queueQuery, async (c) =>
    c.json(await listOpenReports(c.var.db, c.req.valid("query"))),
  )
  .post("/stall-reports/:id/resolve", rowParam, async (c) => {
    const { name } = await resolveReport(c.var.db, c.var.kv, c.req.valid("param").id, c.var.user.id);
    return c.json({ resolved: true, name });
  })
  .post("/stall-reports/:id/remove-stall", rowParam, async (c) => {
    const { name } = await removeReportedStall(
      c.var.db,
      c.var.kv,
      c.var.photos,
      c.req.valid("param").id,
      c.var.user.id,
    );
    return c.json({ removed: true, name });
  })
  .get("/claims", queueQuery, async (c) => c.json(await listPendingClaims(c.var.db, c.req.valid("query"))))
  .post("/claims/:id/approve", rowParam, async (c) => {
    const { name } = await decideClaim(c.var.db, c.var.kv, c.req.valid("param").id, {
      approve: true,
      moderatorId: c.var.user.id,
    });
    return c.json({ approved: true, name });
  })
  .post("/claims/:id/reject", rowParam, async (c) => {
    const { name } = await decideClaim(c.var.db, c.var.kv, c.req.valid("param").id, {
      approve: false,
      moderatorId: c.var.user.id,
    });
    return c.json({ rejected: true, name });
  });
