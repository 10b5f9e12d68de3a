import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { Stars } from "~/components/reviews/stars";
import { notify } from "~/lib/client/notify";
import { readFormData } from "~/lib/http/form-data.server";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { ModelError } from "~/models/model-error";
import { dismissReviewReports, listReportedReviews, removeReportedReview } from "~/models/review.server";
import { done, refusal } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction = () => [{ title: "Reported reviews · Nukkad" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  return { reported: await listReportedReviews(context.db) };
}

const decisionSchema = z.object({
  intent: z.enum(["dismiss", "remove"]),
  stallId: stallIdSchema,
  authorId: z.string().trim().min(1).max(64),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return refusal(new ModelError(400, "That decision could not be read."));
  const { intent, ...target } = parsed.data;
  const { db } = context;
  try {
    if (intent === "dismiss") await dismissReviewReports(db, moderator.id, target);
    else await removeReportedReview(db, target);
  } catch (error) {
    return refusal(error);
  }
  return done(intent === "dismiss" ? "Reports dismissed" : "Review removed");
}

const reportDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export default function ReportedReviewsPage() {
  const { reported } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  useEffect(() => {
    if (answer?.message) (answer.ok ? notify.success : notify.error)(answer.message);
  }, [answer]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="font-bold text-2xl md:text-3xl">Reported reviews</h1>
      <p className="mt-1 text-ink-muted">
        Reviews people reported, the oldest report first. Dismiss keeps the review; Remove deletes it and
        updates the stall's rating.
      </p>
      {reported.length === 0 ? (
        <p className="mt-8 rounded-xl border border-border bg-surface p-6 text-center text-ink-muted">
          No reported reviews. All caught up!
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reported.map((review) => {
            const busy =
              navigation.state !== "idle" &&
              navigation.formData?.get("stallId") === review.stallId &&
              navigation.formData?.get("authorId") === review.author.id;
            return (
              <li
                key={`${review.stallId}:${review.author.id}`}
                className="rounded-xl border border-border bg-surface p-4"
              >
                <h2 className="font-semibold">
                  <Link to={`/stall/${review.stallId}`} className="underline">
                    {review.stallName}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{review.author.name}</span>
                  <Stars value={review.rating} />
                </p>
                <p className="mt-1 whitespace-pre-line">{review.body ?? "(rating only, no text)"}</p>
                <h3 className="mt-3 font-medium text-sm">
                  {review.reports.length} {review.reports.length === 1 ? "report" : "reports"}
                </h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {review.reports.map((report) => (
                    <li key={`${report.created_at}-${report.reason}`}>
                      {report.reason}{" "}
                      <span className="text-ink-muted">({reportDate.format(report.created_at)})</span>
                    </li>
                  ))}
                </ul>
                <Form method="post" className="mt-3 flex gap-2">
                  <input type="hidden" name="stallId" value={review.stallId} />
                  <input type="hidden" name="authorId" value={review.author.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="dismiss"
                    disabled={busy}
                    className="rounded-full border border-border px-4 py-1.5 font-semibold text-sm disabled:opacity-60"
                  >
                    Dismiss
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    disabled={busy}
                    className="rounded-full bg-red-700 px-4 py-1.5 font-semibold text-sm text-white disabled:opacity-60"
                  >
                    Remove review
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
