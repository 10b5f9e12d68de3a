import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useLoaderData } from "@remix-run/react";
import { QueueFrame, QueueItems, queueEmpty } from "~/components/moderation/queue-frame";
import { ReportCard } from "~/components/moderation/report-card";
import { useT } from "~/components/use-t";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { queueQuerySchema, readQueuePageQuery } from "~/lib/schemas/moderation";
import { countModerationQueues, listReports } from "~/models/report/report.server";
import { requireModerator } from "~/request/guards.server";

// The queue's one action: the list's decisions post `decide-report` here as on /moderation.
export { action } from "./moderation._index";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: pageTitle(t("Reported reviews"), t("Moderation")) }];
};

/** The reviews tab at its own address (ADR 008), with the queue's one list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireModerator(request, context);
  const { db } = context;
  const { query, notice } = readQueuePageQuery(queueQuerySchema, new URL(request.url).searchParams);
  const [counts, reported] = await Promise.all([
    countModerationQueues(db, query.q),
    listReports(db, "reviews", query),
  ]);
  return { view: { q: query.q, sort: query.sort }, counts, reported, notice };
}

export default function ReportedReviewsPage() {
  const { view, counts, reported, notice } = useLoaderData<typeof loader>();
  const t = useT();
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
      <QueueItems items={reported.items} empty={queueEmpty("reviews", view.q, t)}>
        {(item) => <ReportCard item={item} />}
      </QueueItems>
    </QueueFrame>
  );
}
