import { type Context, Hono, type Next } from "hono";
import { z } from "zod";
import { postReportSchema } from "~/lib/schemas/community";
import { hidePostSchema, queueQuerySchema, reelDecisionReasonSchema } from "~/lib/schemas/moderation";
import { isModerator } from "~/lib/schemas/moderation-fields";
import { postIdSchema } from "~/lib/schemas/post-id";
import { decideHeldPost, listHeldPosts } from "~/models/post/post.server";
import {
  decideReport,
  hideComment,
  hidePost,
  listPostReports,
  reportPost,
} from "~/models/report/report.server";
import { answerReport } from "./answer-report";
import { contributionGuards } from "./contributions";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const postParam = valid("param", z.object({ id: postIdSchema }));
/** A row id in the path (a report, a comment, a claim…), shared by the moderators' routes. */
export const rowParam = valid(
  "param",
  z.object({ id: z.coerce.number({ error: "id must be a number" }).int().positive("id must be a number") }),
);
const reasonBody = valid("json", hidePostSchema);

/** After signedInOnly: moderators and admins (ADR 010), else 403. (The /moderation pages answer others 404, so
 * the queue's existence is not advertised to browsers; an API client is told plainly.) */
export async function moderatorsOnly(c: Context<SignedInEnv>, next: Next) {
  if (!isModerator(c.var.user)) return jsonError(c, 403, "Only moderators can do this");
  await next();
}

/**
 * Reports of posts and comments, and the moderators' side of them: the same models as the /moderation page's
 * "Posts" tab. Reporting the same post or comment again answers 200 instead of 201 and keeps the first report.
 */
export const postModerationApi = new Hono<SignedInEnv>()
  .post(
    "/posts/:id/report",
    ...contributionGuards,
    postParam,
    valid("json", postReportSchema),
    answerReport(reportPost),
  )
  .route(
    "/moderation",
    new Hono<SignedInEnv>()
      .use(signedInOnly, moderatorsOnly)
      .get("/posts", valid("query", queueQuerySchema), async (c) =>
        c.json(await listPostReports(c.var.db, c.req.valid("query"))),
      )
      // The Held tab: posts the spam rules held (ADR 051).
      .get("/held", valid("query", queueQuerySchema), async (c) =>
        c.json(await listHeldPosts(c.var.db, c.req.valid("query"))),
      )
      .post("/held/:id/approve", postParam, async (c) => {
        await decideHeldPost(c.var, c.req.valid("param").id, { approve: true, moderatorId: c.var.user.id });
        return c.json({ published: true });
      })
      .post("/held/:id/reject", postParam, valid("json", reelDecisionReasonSchema), async (c) => {
        const { reason } = c.req.valid("json");
        await decideHeldPost(c.var, c.req.valid("param").id, {
          approve: false,
          reason,
          moderatorId: c.var.user.id,
        });
        return c.json({ rejected: true });
      })
      .post("/posts/:id/hide", postParam, reasonBody, async (c) => {
        await hidePost(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").reason);
        return c.json({ hidden: true });
      })
      .post("/comments/:id/hide", rowParam, reasonBody, async (c) => {
        await hideComment(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json").reason);
        return c.json({ hidden: true });
      })
      .post("/post-reports/:id/dismiss", rowParam, async (c) => {
        await decideReport(c.var, c.var.user.id, { report: c.req.valid("param").id, decision: "keep" });
        return c.json({ dismissed: true });
      }),
  );
