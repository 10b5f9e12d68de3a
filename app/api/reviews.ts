import { Hono } from "hono";
import { z } from "zod";
import { reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { reportReview } from "~/models/report/report.server";
import { deleteReview, listStallReviews, saveReview } from "~/models/review.server";
import type { ApiEnv } from "./context";
import { idempotent, requireConfirmedEmail } from "./contributions";
import { jsonError } from "./errors";
import { valid } from "./validate";
import { type SignedInEnv, signedInOnly } from "./viewer";

const stallParam = valid("param", z.object({ stallId: stallIdSchema }));
/** A review, addressed by stall and author (one per pair); the moderators' routes use it too. */
export const reviewParam = valid(
  "param",
  z.object({ stallId: stallIdSchema, authorId: z.string().trim().min(1).max(64) }),
);

/** Public reviews of a stall: anyone reads them; a signed-in user writes, edits and deletes their own, and reports
 * other people's. A review is addressed by stall and author (one per pair). */
export const reviewsApi = new Hono<ApiEnv>()
  .get("/:stallId", stallParam, async (c) => {
    const viewer = await c.var.viewer();
    const reviews = await listStallReviews(c.var.db, c.req.valid("param").stallId, viewer?.id ?? null);
    return reviews ? c.json(reviews) : jsonError(c, 404, "Stall not found");
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
        valid("json", reviewSchema),
        async (c) => {
          const { stallId } = c.req.valid("param");
          const { created, ...figures } = await saveReview(
            c.var.db,
            c.var.kv,
            c.var.user.id,
            stallId,
            c.req.valid("json"),
          );
          return c.json({ stallId, ...figures }, created ? 201 : 200);
        },
      )
      .delete("/:stallId", stallParam, async (c) => {
        await deleteReview(c.var.db, c.var.user.id, c.req.valid("param").stallId);
        return c.body(null, 204);
      })
      .post(
        "/:stallId/:authorId/reports",
        requireConfirmedEmail,
        idempotent,
        reviewParam,
        valid("json", reviewReportSchema),
        async (c) => {
          await reportReview(c.var, c.var.user.id, c.req.valid("param"), c.req.valid("json").reason);
          return c.json({ reported: true }, 201);
        },
      ),
  );
