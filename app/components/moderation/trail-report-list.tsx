import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Check, EyeOff, Lock } from "lucide-react";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { HIDE_REASON_MAX, moderationActionSchema, trailReportReasonLabel } from "~/lib/schemas/moderation";
import type { ReportedTrail } from "~/models/food-trail/report.server";
import { DecisionButton } from "./decision-button";

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
  const [form, fields] = useFetcherForm(moderationActionSchema, fetcher, {
    id: `hide-trail-${item.id}`,
    shouldValidate: "onSubmit",
  });
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

      <h4 className="mt-3 font-medium">
        {t("{count, plural, one {# report} other {# reports}}", { count: item.reports.length })}
      </h4>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {item.reports.map((report) => (
          <li key={`${report.created_at}-${report.reason}`} className="whitespace-pre-line break-words">
            <span className="font-medium">{t(trailReportReasonLabel(report.reason))}</span>
            {report.details ? `: ${report.details}` : null}{" "}
            <span className="text-ink-muted">({formatMoment(report.created_at, locale)})</span>
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <fetcher.Form method="post" {...getFormProps(form)} className="flex-1">
          {/* The reason's check in the browser reads the intent, so the form carries it rather than the button. */}
          <input type="hidden" name="intent" value="hide-trail" />
          <input type="hidden" name="trail" value={trail.id} />
          <label htmlFor={fields.reason.id} className="block font-medium">
            {t("Reason for hiding (shown to the author)")}
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            required
            maxLength={HIDE_REASON_MAX}
            rows={2}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          <DecisionButton
            fetcher={fetcher}
            intent="hide-trail"
            namesIntent={false}
            icon={<EyeOff aria-hidden="true" className="size-4" />}
            stallName={trail.title}
            nameAfterLabel
            className="mt-2 inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="report" value={item.id} />
          <DecisionButton
            fetcher={fetcher}
            intent="keep-trail"
            icon={<Check aria-hidden="true" className="size-4" />}
            stallName={trail.title}
            nameAfterLabel
            className="inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
      </div>
    </article>
  );
}
