import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { useT } from "~/components/use-t";
import type { HiddenItem, ReportItem } from "~/models/report/report.server";
import { QueueCard } from "./queue-item";
import { ReportDecisions, RestoreDecision } from "./report-decisions";
import { ReportReasons } from "./report-reasons";
import { viewOf } from "./subject-views";

/** An item of every report tab (stalls' reports, reviews, posts and comments, trails, reels, people): the reported
 * subject's preview, its open reports and the decisions it offers. */
export function ReportCard({ item }: { item: ReportItem }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const view = viewOf(item.type);
  const { reportText } = view;
  return (
    <QueueCard
      label={view.label(item.preview, t)}
      decisions={
        <ReportDecisions
          fetcher={fetcher}
          report={item.id}
          offers={item.decisions}
          looks={view.decisions}
          subject={view.subject(item.preview, t)}
        />
      }
    >
      <view.Preview preview={item.preview} at={item.created_at} />
      {item.hidden ? (
        <p className="mt-3 inline-block rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 text-xs">
          {t("Hidden by members' reports until a moderator decides.")}
        </p>
      ) : null}
      {reportText ? <ReportReasons reports={item.reports} text={(report) => reportText(report, t)} /> : null}
    </QueueCard>
  );
}

/** An item of the Hidden tab: what a moderator hid, with the reason its author was shown, and Restore. */
export function HiddenCard({ item }: { item: HiddenItem }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const view = viewOf(item.type);
  const subject = view.subject(item.preview, t);
  return (
    <QueueCard
      label={view.label(item.preview, t)}
      decisions={<RestoreDecision fetcher={fetcher} type={item.type} id={item.key} subject={subject} />}
    >
      <view.Preview preview={item.preview} at={item.hidden_at} />
      <p className="mt-3 whitespace-pre-line break-words">{t("Hidden: {reason}", { reason: item.reason })}</p>
    </QueueCard>
  );
}
