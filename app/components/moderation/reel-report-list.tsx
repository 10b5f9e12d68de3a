import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Check, Trash2 } from "lucide-react";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { moderationActionSchema, REJECTION_REASON_MAX } from "~/lib/schemas/moderation";
import type { ReportedReel } from "~/models/reel/moderation.server";
import { DecisionButton } from "./decision-button";
import { ReelDetails } from "./reel-details";

/** The moderation queue's "Reported reels" tab: approved reels with open reports. */
export function ReelReportList({ items, empty }: { items: ReportedReel[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(item) => <ReportedReelCard item={item} />}
    </ItemList>
  );
}

/**
 * One reported reel: the video and its details, the reports, and the two decisions. Remove asks for the reason its
 * author will read and deletes the reel; Keep closes the reports and leaves it as it is.
 */
function ReportedReelCard({ item }: { item: ReportedReel }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const [form, fields] = useFetcherForm(moderationActionSchema, fetcher, {
    id: `remove-reel-${item.reel.id}`,
    shouldValidate: "onSubmit",
  });
  const headingId = `reported-reel-${item.reel.id}`;
  const { reel, author } = item;
  const name = reel.stall.name;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 text-sm">
      <h3 id={headingId} className="font-bold text-base">
        <Link to={`/reels/${reel.id}`} className="underline">
          {t("Reel of {name}", { name })}
        </Link>
      </h3>
      <ReelDetails
        reel={reel}
        byline={
          <>
            {t("By {name}", { name: authorName(t, author.name) || t("Unnamed") })}{" "}
            {author.username ? (
              <Link to={`/u/${author.username}`} className="underline">
                @{author.username}
              </Link>
            ) : null}{" "}
            {formatMoment(reel.created_at, locale)}
          </>
        }
      />

      <h4 className="mt-3 font-medium">
        {t("{count, plural, one {# report} other {# reports}}", { count: item.reports.length })}
      </h4>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {item.reports.map((report) => (
          <li key={`${report.created_at}-${report.reason}`} className="whitespace-pre-line break-words">
            {report.reason}{" "}
            <span className="text-ink-muted">({formatMoment(report.created_at, locale)})</span>
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <fetcher.Form method="post" {...getFormProps(form)} className="flex-1">
          {/* The reason's check in the browser reads the intent, so the form carries it rather than the button. */}
          <input type="hidden" name="intent" value="remove-reel" />
          <input type="hidden" name="reel" value={reel.id} />
          <label htmlFor={fields.reason.id} className="block font-medium">
            {t("Reason for removal (shown to the author)")}
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            required
            maxLength={REJECTION_REASON_MAX}
            rows={2}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          <DecisionButton
            fetcher={fetcher}
            intent="remove-reel"
            namesIntent={false}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            stallName={name}
            nameAfterLabel
            className="mt-2 inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="report" value={item.id} />
          <DecisionButton
            fetcher={fetcher}
            intent="keep-reel"
            icon={<Check aria-hidden="true" className="size-4" />}
            stallName={name}
            nameAfterLabel
            className="inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
      </div>
    </article>
  );
}
