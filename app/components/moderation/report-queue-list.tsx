import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { ItemList } from "~/components/layout/item-list";
import { useT } from "~/components/use-t";
import type { HiddenItem, ReportItem } from "~/models/report/report.server";
import { QueueCard } from "./queue-item";
import { ReportDecisions, RestoreDecision } from "./report-decisions";
import { ReportReasons } from "./report-reasons";
import { viewOf } from "./subject-views";

/** Every report tab's list (stalls' reports, reviews, posts and comments, trails, reels, people): each reported
 * subject's preview, its open reports and the decisions it offers, oldest report first. */
export function ReportQueueList({ items, empty }: { items: ReportItem[]; empty: string }) {
  return (
    <ItemList items={items} empty={empty} ordered className="mt-3 space-y-4">
      {(item) => <ReportCard item={item} />}
    </ItemList>
  );
}

function ReportCard({ item }: { item: ReportItem }) {
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

/** The Hidden tab: what moderators hid, with the reason its author was shown, and Restore. */
export function HiddenList({ items, empty }: { items: HiddenItem[]; empty: string }) {
  return (
    <ItemList
      items={items.map((item) => ({ ...item, id: `${item.type}:${item.key}` }))}
      empty={empty}
      ordered
      className="mt-3 space-y-4"
    >
      {(item) => <HiddenCard item={item} />}
    </ItemList>
  );
}

function HiddenCard({ item }: { item: HiddenItem }) {
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
