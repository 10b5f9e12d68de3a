import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { Link, useActionData, useParams } from "@remix-run/react";
import { z } from "zod";
import { PageShell } from "~/components/site-layout";
import { readFormData } from "~/lib/http/form-data.server";

import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { reviewReportSchema, reviewSchema } from "~/lib/schemas/reviews";
import { ReportLimitError } from "~/models/report.server";
import {
  deleteReview,
  OwnReviewReportError,
  ReviewNotFoundError,
  ReviewStallNotFoundError,
  reportReview,
  saveReview,
} from "~/models/review.server";

/** What every review form hears back: a toast message and, for the forms, conform's reply. */
export interface ReviewAnswer {
  ok: boolean;
  message: string | null;
  result: SubmissionResult<string[]> | undefined;
}

// The stall page's review forms post here with fetchers, and Remix then reloads the stall page, so the list and
// the average change together.
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await context.viewer();
  if (!viewer)
    return data({ ok: false as const, message: "Please log in first!", result: undefined }, { status: 401 });
  const { db } = context;
  const stallId = params.stallId ?? "";
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  try {
    if (intent === "delete") {
      await deleteReview(db, viewer.id, stallId);
      return { ok: true as const, message: "Review deleted", result: undefined };
    }
    if (!mayContribute(viewer))
      return data({ ok: false as const, message: CONFIRM_EMAIL_FIRST, result: undefined }, { status: 403 });
    if (intent === "report") {
      const submission = parseWithZod(formData, {
        schema: reviewReportSchema.extend({ authorId: z.string().min(1) }),
      });
      if (submission.status !== "success")
        return data({ ok: false as const, message: null, result: submission.reply() }, { status: 400 });
      await reportReview(
        db,
        viewer.id,
        { stallId, authorId: submission.value.authorId },
        submission.value.reason,
      );
      return {
        ok: true as const,
        message: "Thanks! A moderator will look at this review.",
        result: submission.reply({ resetForm: true }),
      };
    }
    const submission = parseWithZod(formData, { schema: reviewSchema });
    if (submission.status !== "success")
      return data({ ok: false as const, message: null, result: submission.reply() }, { status: 400 });
    const { created } = await saveReview(db, viewer.id, stallId, submission.value);
    return {
      ok: true as const,
      message: created ? "Thanks for your review!" : "Review updated",
      result: submission.reply(),
    };
  } catch (error) {
    if (error instanceof OwnReviewReportError)
      return data({ ok: false as const, message: error.message, result: undefined }, { status: 400 });
    if (error instanceof ReportLimitError) {
      return data(
        { ok: false as const, message: error.message, result: undefined },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    if (error instanceof ReviewStallNotFoundError || error instanceof ReviewNotFoundError) {
      return data({ ok: false as const, message: error.message, result: undefined }, { status: 404 });
    }
    console.error("review action failed", error);
    return data(
      { ok: false as const, message: "Something went wrong. Please try again.", result: undefined },
      { status: 500 },
    );
  }
}

/**
 * Without JavaScript the review forms post here as a page. A resource route would answer that post with the
 * action's data as JSON and status 200, whatever status the action chose; as a page it keeps the status (400, 403,
 * 404, 429) and shows the message with the way back. With JavaScript the stall page's fetchers read the same
 * answers and toast them.
 */
export default function ReviewAnswerPage() {
  const answer = useActionData<typeof action>();
  const { stallId = "" } = useParams();
  return (
    <PageShell title={answer?.ok ? "Thank you" : "Reviews"}>
      <p role={answer && !answer.ok ? "alert" : "status"}>
        {answer?.message ?? (answer ? "Please correct your review." : "Reviews are on the stall's page.")}
      </p>
      <Link
        to={`/stall/${encodeURIComponent(stallId)}`}
        className="mt-4 inline-block font-semibold text-primary-strong underline"
      >
        Back to the stall
      </Link>
    </PageShell>
  );
}
