import { ItemList } from "~/components/layout/item-list";
import { reportKindLabel } from "~/lib/schemas/moderation";
import type { OpenStallReport } from "~/models/report/report.server";
import { QueueItem } from "./queue-item";

export function ReportList({ reports, empty }: { reports: OpenStallReport[]; empty: string }) {
  return (
    <ItemList items={reports} empty={empty} ordered className="mt-3 space-y-3">
      {(report) => (
        <QueueItem
          kind="report"
          item={report}
          sender={report.reporter}
          badge={
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 text-xs">
              {reportKindLabel(report.kind)}
            </span>
          }
          // A stall reported closed for good can be removed from here.
          decisions={report.kind === "closed" ? ["resolve-report", "remove-stall"] : ["resolve-report"]}
        >
          {report.details ? <p className="mt-2 whitespace-pre-line">{report.details}</p> : null}
        </QueueItem>
      )}
    </ItemList>
  );
}
