import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { ReportLimitError } from "~/models/report.server";
import {
  deleteReview,
  listStallReviews,
  OwnReviewReportError,
  ReviewNotFoundError,
  ReviewStallNotFoundError,
  reportReview,
  saveReview,
} from "~/models/review.server";
import type { ApiEnv } from "./context";
import { idempotent, requireConfirmedEmail, tooManyReports } from "./contributions";
import { jsonError, rejectInvalid } from "./errors";
import { type SignedInEnv, signedInOnly } from "./viewer";

const stallParam = zValidator("param", z.object({ stallId: stallIdSchema }), rejectInvalid);
const reviewParam = zValidator(
  "param",
  z.object({ stallId: stallIdSchema, authorId: z.string().trim().min(1).max(64) }),
  rejectInvalid,
);

function notFound(c: Parameters<typeof jsonError>[0], error: unknown) {
  if (error instanceof ReviewStallNotFoundError || error instanceof ReviewNotFoundError)
    return jsonError(c, 404, error.message);
  throw error;
}

/** Public reviews of a stall: anyone reads them; a signed-in user writes, edits and deletes their own, and reports
 * other people's. A review is addressed by stall and author (one per pair). */
export const reviewsApi = new Hono<ApiEnv>()
  .get("/:stallId", stallParam, async (c) => {
    const viewer = await c.var.viewer();
    try {
      return c.json(await listStallReviews(c.var.db, c.req.valid("param").stallId, viewer?.id ?? null));
    } catch (error) {
      return notFound(c, error);
    }
  })
  .route(
    "/",
    new Hono<SignedInEnv>()
      .use(signedInOnly)
      .put(
        "/:stallId",
        requireConfirmedEmail,
        idempotent,
        stallParam,
        zValidator("json", reviewSchema, rejectInvalid),
        async (c) => {
          const { stallId } = c.req.valid("param");
          try {
            const saved = await saveReview(c.var.db, c.var.user.id, stallId, c.req.valid("json"));
            const { created, ...figures } = saved;
            return c.json({ stallId, ...figures }, created ? 201 : 200);
          } catch (error) {
            return notFound(c, error);
          }
        },
      )
      .delete("/:stallId", stallParam, async (c) => {
        const { stallId } = c.req.valid("param");
        try {
          await deleteReview(c.var.db, c.var.user.id, stallId);
          return c.body(null, 204);
        } catch (error) {
          return notFound(c, error);
        }
      })
      .post(
        "/:stallId/:authorId/reports",
        requireConfirmedEmail,
        idempotent,
        reviewParam,
        zValidator("json", reviewReportSchema, rejectInvalid),
        async (c) => {
          try {
            await reportReview(c.var.db, c.var.user.id, c.req.valid("param"), c.req.valid("json").reason);
            return c.json({ reported: true }, 201);
          } catch (error) {
            if (error instanceof OwnReviewReportError) return jsonError(c, 400, error.message);
            if (error instanceof ReportLimitError) return tooManyReports(c, error);
            return notFound(c, error);
          }
        },
      ),
  );
