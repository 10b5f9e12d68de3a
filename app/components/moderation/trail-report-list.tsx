import { Link } from "@remix-run/react";
import { Check, EyeOff, Lock } from "lucide-react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ItemList } from "~/components/layout/item-list";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { HIDE_REASON_MAX, reportText, TRAIL_REPORT_REASONS } from "~/lib/schemas/moderation";
import type { ReportedTrail } from "~/models/report/report.server";
import { OneClickDecision, ReasonDecision } from "./decision-forms";
import { ReportReasons } from "./report-reasons";

/** The moderation queue's "Trails" tab: reported community trails, oldest report first. */
export function TrailReportList({ items, empty }: { items: ReportedTrail[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(item) => <ReportedTrailCard item={item} />}
    </ItemList>
  );
}

/**
 * One reported trail: its title (a link to it), author, area, description and stops, the reports, and the two
 * decisions. Hide asks for the reason its author will see; Keep closes the reports and leaves the trail as it is.
 */
function ReportedTrailCard({ item }: { item: ReportedTrail }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const headingId = `reported-trail-${item.id}`;
  const { trail } = item;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 text-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold text-base">
          <Link to={`/food-trails/${trail.id}`} className="underline">
            {trail.title}
          </Link>
        </h3>
        <p className="text-ink-muted">
          {t("By {name}", { name: authorName(t, item.author.name) || t("Unnamed") })}{" "}
          {item.author.username ? (
            <Link to={`/u/${item.author.username}`} className="underline">
              @{item.author.username}
            </Link>
          ) : null}{" "}
          {formatMoment(trail.created_at, locale)}
        </p>
      </header>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-muted">
        {trail.area}
        {trail.visibility === "private" ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-ink text-xs">
            <Lock aria-hidden="true" className="size-3" /> {t("Private now")}
          </span>
        ) : null}
      </p>
      {trail.description ? <p className="mt-2 whitespace-pre-line break-words">{trail.description}</p> : null}
      <p className="mt-2">{t("Stops: {stops}", { stops: trail.stops.join(" → ") })}</p>

      <ReportReasons reports={item.reports} text={(report) => reportText(report, t, TRAIL_REPORT_REASONS)} />

      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <ReasonDecision
          fetcher={fetcher}
          formId={`hide-trail-${item.id}`}
          intent="hide-trail"
          target={{ trail: trail.id }}
          label={t("Reason for hiding (shown to the author)")}
          maxLength={HIDE_REASON_MAX}
          icon={<EyeOff aria-hidden="true" className="size-4" />}
          subject={trail.title}
        />
        <OneClickDecision
          fetcher={fetcher}
          intent="keep-trail"
          target={{ report: item.id }}
          icon={<Check aria-hidden="true" className="size-4" />}
          subject={trail.title}
        />
      </div>
    </article>
  );
}
