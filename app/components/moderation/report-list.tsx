import { Link } from "@remix-run/react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { formatQueueTime, reportKindLabel } from "~/lib/schemas/moderation";
import type { OpenReport } from "~/models/report.server";

export function ReportList({ reports }: { reports: OpenReport[] }) {
  if (reports.length === 0) return <p className="mt-3 text-ink-muted">No open reports.</p>;
  return (
    <ol className="mt-3 space-y-3">
      {reports.map((report) => (
        <li key={report.id}>
          <ReportItem report={report} />
        </li>
      ))}
    </ol>
  );
}

function ReportItem({ report }: { report: OpenReport }) {
  const fetcher = useActionFetcher();
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  return (
    <article
      aria-label={`Report on ${report.stall.name}`}
      className="rounded-xl border border-border bg-surface p-4 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/stall/${report.stall.id}`} className="font-bold text-base hover:underline">
          {report.stall.name}
        </Link>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 text-xs">
          {reportKindLabel(report.kind)}
        </span>
      </p>
      {report.details ? <p className="mt-2 whitespace-pre-line">{report.details}</p> : null}
      <p className="mt-2 text-ink-muted">
        Reported {formatQueueTime(report.created_at)} by {report.reporter.name ?? "Unnamed"} (
        {report.reporter.email})
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="report" value={report.id} />
        <button
          type="submit"
          name="intent"
          value="resolve-report"
          disabled={busy}
          className="rounded-full border border-border px-4 py-1.5 font-semibold disabled:opacity-60"
        >
          {busy && intent === "resolve-report" ? "Resolving..." : "Resolve"}
        </button>
        {report.kind === "closed" ? (
          <button
            type="submit"
            name="intent"
            value="remove-stall"
            disabled={busy}
            onClick={(event) => {
              if (!window.confirm(`Remove "${report.stall.name}" and its photos for good?`))
                event.preventDefault();
            }}
            className="rounded-full border border-closed px-4 py-1.5 font-semibold text-closed disabled:opacity-60"
          >
            {busy && intent === "remove-stall" ? "Removing..." : "Remove stall"}
          </button>
        ) : null}
      </fetcher.Form>
    </article>
  );
}
