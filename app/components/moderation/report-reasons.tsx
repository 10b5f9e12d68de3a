import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { formatMoment } from "~/lib/rules/time-format";

/** A reported subject's open reports in its queue card, oldest first, each as `text` reads it. */
export function ReportReasons<Report extends { created_at: number }>({
  reports,
  text,
}: {
  reports: Report[];
  text: (report: Report) => string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <h4 className="mt-3 font-medium">
        {t("{count, plural, one {# report} other {# reports}}", { count: reports.length })}
      </h4>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {reports.map((report) => (
          <li key={`${report.created_at}-${text(report)}`} className="whitespace-pre-line break-words">
            {text(report)} <span className="text-ink-muted">({formatMoment(report.created_at, locale)})</span>
          </li>
        ))}
      </ul>
    </>
  );
}
