import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, type MetaFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { useAnswerToast } from "~/components/form/use-answer-toast";
import { ItemList } from "~/components/layout/item-list";
import { QueueFrame, queueEmpty } from "~/components/moderation/queue-frame";
import { Stars } from "~/components/reviews/stars";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { formatDay } from "~/lib/rules/time-format";
import { queueQuerySchema, readQueuePageQuery } from "~/lib/schemas/moderation";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { ModelError } from "~/models/model-error";
import {
  countModerationQueues,
  dismissReviewReports,
  listReportedReviews,
  removeReportedReview,
} from "~/models/report/report.server";
import { done, refusal } from "~/request/answers.server";
import { requireModerator } from "~/request/guards.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Reported reviews"), t("Moderation")) }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const { db } = context;
  const { query, notice } = readQueuePageQuery(queueQuerySchema, new URL(request.url).searchParams);
  const [counts, reported] = await Promise.all([
    countModerationQueues(db, query.q),
    listReportedReviews(db, query),
  ]);
  return { view: { q: query.q, sort: query.sort }, counts, reported, notice };
}

const decisionSchema = z.object({
  intent: z.enum(["dismiss", "remove"]),
  stallId: stallIdSchema,
  authorId: z.string().trim().min(1).max(64),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const moderator = await requireModerator(request, context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return refusal(new ModelError(400, msg("That decision could not be read.")));
  const { intent, ...target } = parsed.data;
  const { db } = context;
  try {
    if (intent === "dismiss") await dismissReviewReports(db, moderator.id, target);
    else await removeReportedReview(db, moderator.id, target);
  } catch (error) {
    return refusal(error);
  }
  return done(intent === "dismiss" ? msg("Reports dismissed") : msg("Review removed"));
}

export default function ReportedReviewsPage() {
  const { view, counts, reported, notice } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const t = useT();
  useAnswerToast(answer);
  return (
    <QueueFrame
      queue="reviews"
      description={t(
        "Reviews people reported, each placed by its first open report. Dismiss keeps the review; Remove deletes it and updates the stall's rating.",
      )}
      counts={counts}
      view={view}
      page={reported}
      notice={notice}
    >
      <ItemList
        items={reported.items.map((review) => ({ ...review, id: `${review.stallId}:${review.author.id}` }))}
        empty={queueEmpty("reviews", view.q, t)}
        ordered
        className="mt-3 space-y-4"
      >
        {(review) => {
          const busy =
            navigation.state !== "idle" &&
            navigation.formData?.get("stallId") === review.stallId &&
            navigation.formData?.get("authorId") === review.author.id;
          return (
            <article
              aria-label={t("Review of {stall} by {name}", {
                stall: review.stallName,
                name: review.author.name,
              })}
              className="rounded-xl border border-border bg-surface p-4"
            >
              <h3 className="font-semibold">
                <Link to={`/stall/${review.stallId}`} className="underline">
                  {review.stallName}
                </Link>
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{review.author.name}</span>
                <Stars value={review.rating} />
              </p>
              <p className="mt-1 whitespace-pre-line">{review.body ?? t("(rating only, no text)")}</p>
              <h4 className="mt-3 font-medium text-sm">
                {t("{count, plural, one {# report} other {# reports}}", { count: review.reports.length })}
              </h4>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {review.reports.map((report) => (
                  <li key={`${report.created_at}-${report.reason}`}>
                    {report.reason}{" "}
                    <span className="text-ink-muted">({formatDay(report.created_at, locale)})</span>
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
                  {t("Dismiss")}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={busy}
                  className="rounded-full bg-red-700 px-4 py-1.5 font-semibold text-sm text-white disabled:opacity-60"
                >
                  {t("Remove review")}
                </button>
              </Form>
            </article>
          );
        }}
      </ItemList>
    </QueueFrame>
  );
}
