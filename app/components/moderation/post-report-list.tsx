import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Check, EyeOff } from "lucide-react";
import { FieldError } from "~/components/form/field";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useFetcherForm } from "~/components/form/use-schema-form";
import { ItemList } from "~/components/layout/item-list";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/schemas/community";
import { moderationActionSchema } from "~/lib/schemas/moderation";
import type { ReportedPost } from "~/models/post-moderation.server";
import { DecisionButton } from "./decision-button";

const POST_TYPES = { review: msg("Review"), discovery: msg("Discovery"), tip: msg("Tip") } as const;

/** The moderation queue's "Posts" tab: reported posts and comments, oldest report first. */
export function PostReportList({ items, empty }: { items: ReportedPost[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(item) => <ReportedPostCard item={item} />}
    </ItemList>
  );
}

/**
 * One reported post or comment: what was written, by whom, the reports' reasons, and the two decisions. Hide asks
 * for the reason its author will see; Dismiss keeps it and closes the reports.
 */
function ReportedPostCard({ item }: { item: ReportedPost }) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const [form, fields] = useFetcherForm(moderationActionSchema, fetcher, {
    id: `hide-${item.id}`,
    shouldValidate: "onSubmit",
  });
  const headingId = `reported-${item.id}`;
  const name = authorName(t, item.author.name) || t("Unnamed");
  const hideIntent = item.comment ? "hide-comment" : "hide-post";
  const label = item.comment
    ? t("Comment by {name}", { name })
    : t("{type} post by {name}", { type: t(POST_TYPES[item.post.type]), name });
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-4 text-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold text-base">
          {label}
        </h3>
        <p className="text-ink-muted">
          {item.author.username ? (
            <Link to={`/u/${item.author.username}`} className="underline">
              @{item.author.username}
            </Link>
          ) : null}{" "}
          {formatMoment(item.comment?.created_at ?? item.post.created_at, locale)}
        </p>
      </header>
      {item.post.stall ? (
        <p className="mt-1">
          <Sentence
            text={t("Pinned to {stall}", { stall: slot("stall") })}
            parts={{
              stall: (
                <Link to={`/stall/${item.post.stall.id}`} className="font-semibold underline">
                  {item.post.stall.name}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
      {item.comment ? (
        <>
          <p className="mt-2 whitespace-pre-line break-words">{item.comment.text}</p>
          <details className="mt-2 text-ink-muted">
            <summary className="cursor-pointer">{t("The post it answers")}</summary>
            <p className="mt-1 whitespace-pre-line break-words">{item.post.text}</p>
          </details>
        </>
      ) : (
        <p className="mt-2 whitespace-pre-line break-words">{item.post.text}</p>
      )}

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
          <input type="hidden" name="intent" value={hideIntent} />
          {item.comment ? (
            <input type="hidden" name="comment" value={item.comment.id} />
          ) : (
            <input type="hidden" name="post" value={item.post.id} />
          )}
          <label htmlFor={fields.reason.id} className="block font-medium">
            {t("Reason for hiding (shown to the author)")}
          </label>
          <textarea
            {...getTextareaProps(fields.reason)}
            key={fields.reason.key}
            required
            maxLength={REPORT_REASON_MAX_LENGTH}
            rows={2}
            className="mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 aria-[invalid]:border-closed"
          />
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          <DecisionButton
            fetcher={fetcher}
            intent={hideIntent}
            namesIntent={false}
            icon={<EyeOff aria-hidden="true" className="size-4" />}
            stallName={label}
            nameAfterLabel
            className="mt-2 inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="report" value={item.id} />
          <DecisionButton
            fetcher={fetcher}
            intent="dismiss-post-reports"
            icon={<Check aria-hidden="true" className="size-4" />}
            stallName={label}
            nameAfterLabel
            className="inline-flex items-center gap-2 px-5 py-2"
          />
        </fetcher.Form>
      </div>
    </article>
  );
}
