import { Hono } from "hono";
import { queueQuerySchema } from "~/lib/schemas/moderation";
import {
  dismissReviewReports,
  listReportedReviews,
  removeReportedReview,
} from "~/models/report/report.server";
import { moderatorsOnly } from "./post-moderation";
import { reviewParam } from "./reviews";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

/**
 * Reported reviews under /api/moderation: the same models as /moderation/reviews. Dismiss keeps the review and
 * closes its reports (dismissing again changes nothing and answers the same, as the page does); remove deletes it
 * and recomputes the stall's rating (a review already gone is 404).
 */
export const reviewModerationApi = new Hono<SignedInEnv>()
  .use(signedInOnly, moderatorsOnly)
  .get("/reviews", valid("query", queueQuerySchema), async (c) =>
    c.json(await listReportedReviews(c.var.db, c.req.valid("query"))),
  )
  .post("/reviews/:stallId/:authorId/dismiss", reviewParam, async (c) => {
    await dismissReviewReports(c.var.db, c.var.user.id, c.req.valid("param"));
    return c.json({ dismissed: true });
  })
  .post("/reviews/:stallId/:authorId/remove", reviewParam, async (c) => {
    await removeReportedReview(c.var.db, c.var.user.id, c.req.valid("param"));
    return c.json({ removed: true });
  });
