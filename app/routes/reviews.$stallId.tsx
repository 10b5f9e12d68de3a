import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useParams } from "@remix-run/react";
import { z } from "zod";
import { MessagePage } from "~/components/page/message-page";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { msg } from "~/lib/i18n/translate";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import { ModelError } from "~/models/model-error";
import { reportReview } from "~/models/report/report.server";
import { deleteReview, saveReview } from "~/models/review.server";
import { done, invalid, keepActionHeaders, refusal } from "~/request/answers.server";

// The stall page's review forms post here with fetchers, and Remix then reloads the stall page, so the list and
// the average change together.
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await context.viewer();
  if (!viewer) return refusal(new ModelError(401, msg("Please log in first!")));
  const { db } = context;
  const stallId = params.stallId ?? "";
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  try {
    if (intent === "delete") {
      await deleteReview(db, viewer.id, stallId);
      return done(msg("Review deleted"));
    }
    if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST));
    if (intent === "report") {
      const submission = parseWithZod(formData, {
        schema: reviewReportSchema.extend({ authorId: z.string().min(1) }),
      });
      if (submission.status !== "success") return invalid(submission);
      await reportReview(
        context,
        viewer.id,
        { stallId, authorId: submission.value.authorId },
        submission.value.reason,
      );
      return done(
        msg("Thanks! A moderator will look at this review."),
        submission.reply({ resetForm: true }),
      );
    }
    const submission = parseWithZod(formData, { schema: reviewSchema });
    if (submission.status !== "success") return invalid(submission);
    const { created } = await saveReview(db, context.kv, viewer.id, stallId, submission.value);
    return done(created ? msg("Thanks for your review!") : msg("Review updated"), submission.reply());
  } catch (error) {
    return refusal(error);
  }
}

// A report past the daily allowance says when to try again (Retry-After).
export const headers = keepActionHeaders;

/**
 * Without JavaScript the review forms post here as a page. A resource route would answer that post with the
 * action's data as JSON and status 200, whatever status the action chose; as a page it keeps the status (400, 403,
 * 404, 429) and shows the message with the way back. With JavaScript the stall page's fetchers read the same
 * answers and toast them.
 */
export default function ReviewAnswerPage() {
  const answer = useActionData<typeof action>();
  const { stallId = "" } = useParams();
  const t = useT();
  return (
    <MessagePage
      title={answer?.ok ? t("Thank you") : t("Reviews")}
      next={{ to: `/stall/${encodeURIComponent(stallId)}`, label: t("Back to the stall") }}
    >
      <p role={answer && !answer.ok ? "alert" : "status"}>
        {answer?.message
          ? t(answer.message)
          : answer
            ? t("Please correct your review.")
            : t("Reviews are on the stall's page.")}
      </p>
    </MessagePage>
  );
}
