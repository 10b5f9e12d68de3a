import { Link } from "@remix-run/react";
import { Check, Trash2 } from "lucide-react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ItemList } from "~/components/layout/item-list";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";
import { formatMoment } from "~/lib/rules/time-format";
import { REJECTION_REASON_MAX } from "~/lib/schemas/moderation";
import type { ReportedReel } from "~/models/report/report.server";
import { OneClickDecision, ReasonDecision } from "./decision-forms";
import { ReelDetails } from "./reel-details";
import { ReportReasons } from "./report-reasons";

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

      <ReportReasons reports={item.reports} text={(report) => report.reason} />

      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <ReasonDecision
          fetcher={fetcher}
          formId={`remove-reel-${reel.id}`}
          intent="remove-reel"
          target={{ reel: reel.id }}
          label={t("Reason for removal (shown to the author)")}
          maxLength={REJECTION_REASON_MAX}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          subject={name}
        />
        <OneClickDecision
          fetcher={fetcher}
          intent="keep-reel"
          target={{ report: item.id }}
          icon={<Check aria-hidden="true" className="size-4" />}
          subject={name}
        />
      </div>
    </article>
  );
}
