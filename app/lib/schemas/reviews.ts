import { z } from "zod";
import { msg } from "~/lib/i18n/translate";
import { cleanText, reportReasonText } from "~/lib/schemas/clean-text";
import { starRatingSchema } from "~/lib/schemas/favourites";

export const REVIEW_MAX_LENGTH = 1000;
export const REVIEW_TOO_LONG = msg("Reviews can be up to 1000 characters");

/** A public review, from the stall page's form and from PUT /api/reviews/:stallId. */
export const reviewSchema = z.object({
  rating: starRatingSchema,
  body: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    cleanText({ error: msg("Review must be text"), multiline: true })
      .max(REVIEW_MAX_LENGTH, REVIEW_TOO_LONG)
      .nullable(),
  ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** Why someone reports a review: required, so moderators know what to look at. */
export const reviewReportSchema = z.object({
  reason: reportReasonText(msg("Please say what is wrong with this review")),
});

/** A like on a review from the stall page (POST /stall/:id/review-like): the review's row id and the state wanted. */
export const reviewLikeSchema = z.object({
  reviewId: z.coerce.number().int().positive(),
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});
