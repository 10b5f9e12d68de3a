import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { readFormData } from "~/lib/form-data.server";
import { reviewReportSchema, reviewSchema } from "~/lib/reviews";
import { getViewer, routeContext } from "~/lib/route-context.server";
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

// A resource route: the stall page's review forms post here with fetchers, and Remix then reloads the stall page,
// so the list and the average change together.
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await getViewer(request, context);
  if (!viewer)
    return data({ ok: false as const, message: "Please log in first!", result: undefined }, { status: 401 });
  const { db } = routeContext(request, context);
  const stallId = params.stallId ?? "";
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  try {
    if (intent === "delete") {
      await deleteReview(db, viewer.id, stallId);
      return { ok: true as const, message: "Review deleted", result: undefined };
    }
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

export function loader({ params }: ActionFunctionArgs) {
  return redirect(`/stall/${encodeURIComponent(params.stallId ?? "")}`);
}
