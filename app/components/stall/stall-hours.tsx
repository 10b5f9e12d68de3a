import { Clock } from "lucide-react";
import { TitledSection } from "~/components/layout/titled-section";
import { HoursTable } from "~/components/stall/hours-table";
import { OpenBadge } from "~/components/stall/open-badge";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { DayHours, OpenStatus } from "~/lib/rules/open-status";

/** The stall page's Hours: today's, whether it is open and when that changes, and the week's table. */
export function StallHours({
  hasHours,
  status,
  week,
}: {
  /** Whether the stall gave any hours at all. */
  hasHours: boolean;
  status: Pick<OpenStatus, "state" | "nextChange">;
  week: DayHours[];
}) {
  const today = week.find((day) => day.isToday);
  const t = useT();
  return (
    <TitledSection id="hours" title={t("Hours")} icon={Clock} look="panel">
      {hasHours ? (
        <>
          <p className="mt-2 text-sm">
            {t("Today:")} <span className="font-semibold">{t(today?.hours ?? "Hours not available")}</span>
          </p>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <OpenBadge state={status.state} openLabel={msg("Open Now")} />
            {status.nextChange ? <span className="text-ink-muted">{t(status.nextChange)}</span> : null}
          </p>
          <HoursTable days={week} caption={t("Weekly schedule")} markToday className="mt-3 w-full text-sm" />
        </>
      ) : (
        <p className="mt-2 text-ink-muted">{t("Hours not available")}</p>
      )}
    </TitledSection>
  );
}
