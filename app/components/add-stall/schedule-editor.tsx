import { Moon } from "lucide-react";
import { Fragment } from "react";
import { FieldError } from "~/components/form/field";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { WEEKDAYS, type Weekday } from "~/lib/rules/options";
import { closesAfterMidnight } from "~/lib/schemas/stall-form-fields";

export type DayDraft = { status: "" | "open" | "maybe" | "closed"; open: string; close: string };
export type ScheduleDraft = Record<Weekday, DayDraft>;

export const EMPTY_SCHEDULE = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { status: "", open: "09:00", close: "21:00" }]),
) as ScheduleDraft;

const STATUS_LABELS: Record<DayDraft["status"], string> = {
  "": msg("Not sure"),
  open: msg("Open"),
  maybe: msg("Maybe open"),
  closed: msg("Closed"),
};

/** A timed day's two times, in the order they stand; `label` names the time for a screen reader. */
const TIMES = [
  { end: "open", label: msg("{day} opens at") },
  { end: "close", label: msg("{day} closes at") },
] as const;

const DAY_NAMES: Record<Weekday, string> = {
  monday: msg("Monday"),
  tuesday: msg("Tuesday"),
  wednesday: msg("Wednesday"),
  thursday: msg("Thursday"),
  friday: msg("Friday"),
  saturday: msg("Saturday"),
  sunday: msg("Sunday"),
};

/** The weekly schedule, keyed monday to sunday: each day open, maybe or closed, with 24-hour "HH:MM" open and
 * close times unless closed (a close before the open runs past midnight); unknown days are left out. */
export function ScheduleEditor({
  name,
  value,
  onChange,
  errors,
}: {
  name: string;
  value: ScheduleDraft;
  onChange: (next: ScheduleDraft) => void;
  /** Messages by field name, e.g. "weekly_schedule.monday.open". */
  errors: Record<string, string[] | undefined>;
}) {
  const t = useT();
  const setDay = (day: Weekday, change: Partial<DayDraft>) =>
    onChange({ ...value, [day]: { ...value[day], ...change } });
  const copyMonday = () =>
    onChange(Object.fromEntries(WEEKDAYS.map((day) => [day, { ...value.monday }])) as ScheduleDraft);

  return (
    <div>
      <p className="text-ink-muted text-sm">
        {t(
          "Times are 24-hour. A closing time earlier than the opening time means the stall closes after midnight.",
        )}
      </p>
      <button
        type="button"
        onClick={copyMonday}
        className="mt-2 min-h-9 rounded-full border border-border bg-surface px-3 py-1.5 font-semibold text-primary-strong text-sm"
      >
        {t("Copy Monday to every day")}
      </button>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {WEEKDAYS.map((day) => {
          const draft = value[day];
          const field = `${name}.${day}`;
          const timed = draft.status === "open" || draft.status === "maybe";
          const dayErrors = [
            ...(errors[field] ?? []),
            ...(errors[`${field}.status`] ?? []),
            ...(errors[`${field}.open`] ?? []),
            ...(errors[`${field}.close`] ?? []),
          ];
          const errorId = `${field}-error`;
          return (
            <li key={day} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
              <label htmlFor={`${field}.status`} className="w-24 font-medium text-sm">
                {t(DAY_NAMES[day])}
              </label>
              <select
                id={`${field}.status`}
                name={`${field}.status`}
                value={draft.status}
                onChange={(event) => setDay(day, { status: event.target.value as DayDraft["status"] })}
                aria-describedby={dayErrors.length > 0 ? errorId : undefined}
                className="min-h-10 rounded-lg border border-border bg-surface px-2 text-sm"
              >
                {Object.entries(STATUS_LABELS).map(([status, label]) => (
                  <option key={status} value={status}>
                    {t(label)}
                  </option>
                ))}
              </select>
              {timed ? (
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  {TIMES.map(({ end, label }) => (
                    <Fragment key={end}>
                      {end === "close" ? <span aria-hidden="true">{t("to")}</span> : null}
                      <label className="sr-only" htmlFor={`${field}.${end}`}>
                        {t(label, { day: t(DAY_NAMES[day]) })}
                      </label>
                      <input
                        id={`${field}.${end}`}
                        name={`${field}.${end}`}
                        type="time"
                        required
                        value={draft[end]}
                        onChange={(event) => setDay(day, { [end]: event.target.value })}
                        className="min-h-10 rounded-lg border border-border bg-surface px-2"
                      />
                    </Fragment>
                  ))}
                  {closesAfterMidnight(draft.open, draft.close) ? (
                    <span className="inline-flex items-center gap-1 text-ink-muted">
                      <Moon aria-hidden="true" className="size-4" />
                      {t("closes after midnight")}
                    </span>
                  ) : null}
                </span>
              ) : null}
              <div className="w-full empty:hidden">
                <FieldError id={errorId} errors={dayErrors.length > 0 ? dayErrors : undefined} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
