import { z } from "zod";
import { starRatingSchema } from "./favourites";

export const REVIEW_MAX_LENGTH = 1000;

/** A public review, from the stall page's form and from PUT /api/reviews/:stallId. */
export const reviewSchema = z.object({
  rating: starRatingSchema,
  body: z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: "Review must be text" })
      .trim()
      .max(REVIEW_MAX_LENGTH, `Reviews can be up to ${REVIEW_MAX_LENGTH} characters`)
      .nullable(),
  ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** Why someone reports a review: required, so moderators know what to look at. */
export const reviewReportSchema = z.object({
  reason: z
    .string({ error: "Please say what is wrong with this review" })
    .trim()
    .min(1, "Please say what is wrong with this review")
    .max(1000, "Reasons can be up to 1000 characters"),
});
