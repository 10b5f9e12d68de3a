import { Hono } from "hono";
import { z } from "zod";
import { nearQuerySchema } from "~/lib/schemas/near";
import { reelIdSchema, reelQuerySchema, reelReportSchema } from "~/lib/schemas/reels";
import { deleteReel, getReel, listReels, setReelLike, setReelSave } from "~/models/reel/reel.server";
import { reportReel } from "~/models/report/report.server";
import { answerReport } from "./answer-report";
import { contributionGuards } from "./contributions";
import { answerLike, likeBody, saveBody } from "./reactions";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const reelParam = valid("param", z.object({ id: reelIdSchema }));
const nearQuery = valid("query", nearQuerySchema);

/** /api/reels: the feed, one reel, likes, saves, reports and deletion (issue 21). Anyone reads For You, Nearby
 * and approved reels; Following, Saved and every write need a signed-in person. */
export const reelsApi = new Hono<SignedInEnv>()
  .get("/", valid("query", reelQuerySchema), async (c) =>
    c.json(await listReels(c.var.db, await c.var.viewer(), c.req.valid("query"))),
  )
  .get("/:id", reelParam, nearQuery, async (c) =>
    c.json(await getReel(c.var.db, await c.var.viewer(), c.req.valid("param").id, c.req.valid("query").near)),
  )
  .delete("/:id", signedInOnly, reelParam, async (c) => {
    await deleteReel(c.var.db, c.env.PHOTOS, c.var.user, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .put("/:id/like", signedInOnly, reelParam, likeBody, answerLike(setReelLike))
  .put("/:id/save", signedInOnly, reelParam, saveBody, async (c) =>
    c.json(await setReelSave(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").saved)),
  )
  .post(
    "/:id/report",
    ...contributionGuards,
    reelParam,
    valid("json", reelReportSchema),
    answerReport(reportReel),
  );
