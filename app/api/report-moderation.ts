import { Hono } from "hono";
import {
  queueQuerySchema,
  reportDecisionSchema,
  reportQueueQuerySchema,
  restoreSchema,
} from "~/lib/schemas/moderation";
import { logQuerySchema, roleChangeSchema } from "~/lib/schemas/moderation-log";
import { changeRole, listLog } from "~/models/audit.server";
import { decideReport, listHidden, listReports, restoreSubject } from "~/models/report/report.server";
import { moderatorsOnly, rowParam } from "./post-moderation";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/**
 * One moderator API for every reported subject (ADR 046), through the same models as the /moderation page's report
 * tabs: a page of any report tab, a decision on a queue item (named by its first open report, as the page's form
 * names it), the Hidden tab with Restore, the moderation log and the admins' role changes. The per-subject endpoints
 * stay as aliases of the same functions.
 */
export const reportModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/reports", valid("query", reportQueueQuerySchema), async (c) => {
    const { tab, ...query } = c.req.valid("query");
    return c.json(await listReports(c.var.db, tab, query));
  })
  .post("/reports/:id/decision", rowParam, valid("json", reportDecisionSchema), async (c) => {
    const { decision, reason } = c.req.valid("json");
    const { name } = await decideReport(c.var, c.var.user.id, {
      report: c.req.valid("param").id,
      decision,
      reason,
    });
    return c.json({ decided: true, decision, name });
  })
  .get("/hidden", valid("query", queueQuerySchema), async (c) =>
    c.json(await listHidden(c.var.db, c.req.valid("query"))),
  )
  .post("/hidden/:subject_type/:subject_id/restore", valid("param", restoreSchema), async (c) => {
    const { name } = await restoreSubject(c.var.db, c.var.user.id, c.req.valid("param"));
    return c.json({ restored: true, name });
  })
  // The moderation log (ADR 047), newest first, as /moderation/log reads it.
  .get("/log", valid("query", logQuerySchema), async (c) =>
    c.json(await listLog(c.var.db, c.req.valid("query"))),
  )
  // Admins alone; a moderator who is not one is refused by the model (403).
  .put("/users/:username/role", valid("json", roleChangeSchema), async (c) =>
    c.json(await changeRole(c.var.db, c.var.kv, c.var.user, c.req.param("username"), c.req.valid("json"))),
  );
