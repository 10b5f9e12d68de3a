import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { readFormData } from "~/lib/http/form-data.server";
import { msg } from "~/lib/i18n/translate";
import { reviewLikeSchema } from "~/lib/schemas/reviews";
import { ModelError } from "~/models/model-error";
import { setReviewLike } from "~/models/post/post.server";
import { done, refusal, resourceAction } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const REVIEW_LIKE_UNREADABLE = msg("Send the review's id and true or false");

/** A review's like on a stall's page: the same model as PUT /api/reviews/:id/like. A resource route, so its answers
 * are Responses with their status kept. The state asked for is set, not flipped, so a resend cannot undo itself. */
export const action = resourceAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  const formData = await readFormData(request);
  const parsed = reviewLikeSchema.safeParse({
    reviewId: formData.get("reviewId"),
    value: formData.get("value"),
  });
  if (!parsed.success) return refusal(new ModelError(400, REVIEW_LIKE_UNREADABLE));
  try {
    const like = await setReviewLike(
      context.db,
      context.kv,
      viewer.id,
      parsed.data.reviewId,
      parsed.data.value,
    );
    return Response.json({ ...done(null), ...like });
  } catch (error) {
    return refusal(error);
  }
});

// A like with no answer (offline, a fault) is put back with a toast instead of the page giving way to its error boundary.
export const clientAction = answerUnansweredPosts({
  offline: "Network error. Please check your internet connection.",
  fault: "Something went wrong. Please try again.",
});

/** The buttons live on the stall's page. */
export function loader({ params }: ActionFunctionArgs) {
  return redirect(`/stall/${encodeURIComponent(params.id ?? "")}`);
}
