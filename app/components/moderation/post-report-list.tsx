import { Link } from "@remix-run/react";
import { Check, EyeOff } from "lucide-react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ItemList } from "~/components/layout/item-list";
import { Sentence, slot } from "~/components/sentence";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { REPORT_REASON_MAX_LENGTH } from "~/lib/schemas/community";
import type { ReportedPost } from "~/models/report/report.server";
import { OneClickDecision, ReasonDecision } from "./decision-forms";
import { ReportReasons } from "./report-reasons";

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

      <ReportReasons reports={item.reports} text={(report) => report.reason} />

      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <ReasonDecision
          fetcher={fetcher}
          formId={`hide-${item.id}`}
          intent={hideIntent}
          target={item.comment ? { comment: item.comment.id } : { post: item.post.id }}
          label={t("Reason for hiding (shown to the author)")}
          maxLength={REPORT_REASON_MAX_LENGTH}
          icon={<EyeOff aria-hidden="true" className="size-4" />}
          subject={label}
        />
        <OneClickDecision
          fetcher={fetcher}
          intent="dismiss-post-reports"
          target={{ report: item.id }}
          icon={<Check aria-hidden="true" className="size-4" />}
          subject={label}
        />
      </div>
    </article>
  );
}
