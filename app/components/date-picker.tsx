import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import {
  addDays,
  addMonths,
  clampDate,
  DEFAULT_BIRTH_FOCUS,
  daysInMonth,
  endOfWeek,
  formatLong,
  formatMonthYear,
  formatWeekdayLong,
  type IsoDate,
  isoParts,
  isWithin,
  MIN_BIRTH_DATE,
  MONTH_NAMES,
  monthGrid,
  parseIsoDate,
  startOfWeek,
  todayIso,
  toIsoDate,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
} from "~/lib/rules/calendar";
import { useT } from "./use-t";

export interface DatePickerProps {
  /** The id of the trigger button (what a `<label for>` elsewhere would point at). */
  id: string;
  /** The form field name: the value posts as "YYYY-MM-DD", or "" when no date is chosen. */
  name: string;
  label: string;
  /** The chosen date as "YYYY-MM-DD", or null. */
  value: string | null;
  /** Called with the picked date, or null when the chosen day is picked again (which deselects it). */
  onChange: (value: string | null) => void;
  /** The earliest selectable date, inclusive. */
  min?: string;
  /** The latest selectable date, inclusive: usually today. */
  max: string;
  error?: string;
}

/** Where each key moves the focused day in the grid (the ARIA date picker's keys); Shift with Page keys moves a year. */
const GRID_KEYS: Record<string, (focused: IsoDate, shiftKey: boolean) => IsoDate> = {
  ArrowLeft: (focused) => addDays(focused, -1),
  ArrowRight: (focused) => addDays(focused, 1),
  ArrowUp: (focused) => addDays(focused, -7),
  ArrowDown: (focused) => addDays(focused, 7),
  Home: startOfWeek,
  End: endOfWeek,
  PageUp: (focused, shiftKey) => addMonths(focused, shiftKey ? -12 : -1),
  PageDown: (focused, shiftKey) => addMonths(focused, shiftKey ? 12 : 1),
};

const FOCUSABLE_IN_DIALOG = 'button:not([disabled]):not([tabindex="-1"]), select:not([disabled])';

/** "Date of birth" to "date of birth", leaving acronyms such as "DOB" alone. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function monthIndex(iso: string): number {
  const { year, month } = isoParts(iso);
  return year * 12 + month;
}

/**
 * A single-date calendar picker (built for dates of birth). A button shows the chosen date and opens a dialog
 * holding a month grid: arrow keys move by day and week, Home and End to the week's ends, Page Up and Page
 * Down by month (with Shift by year), Enter or Space picks, Escape closes. Picking the chosen day again
 * clears it. Only days in [min, max] can be focused or picked. A hidden input posts the value with the form.
 */
export function DatePicker({
  id,
  name,
  label,
  value,
  onChange,
  min = MIN_BIRTH_DATE,
  max,
  error,
}: DatePickerProps) {
  const baseId = useId();
  const t = useT();
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const errorId = `${baseId}-error`;
  const dialogId = `${baseId}-dialog`;
  const headingId = `${baseId}-heading`;

  // A value that is not a real date (say, echoed back from a bad submission) shows as nothing chosen.
  const chosen = value !== null && parseIsoDate(value) === value ? value : null;
  const initialFocus = () => clampDate(chosen ?? DEFAULT_BIRTH_FOCUS, min, max);

  const [open, setOpen] = useState(false);
  // The day that holds the grid's single tab stop; the month shown is always this day's month.
  const [focused, setFocused] = useState(initialFocus);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  // Set when the focused day should also receive DOM focus after the next render (opening, keyboard moves),
  // but not when the month changes from the selects or the previous/next buttons, which keep their focus.
  const focusDayAfterRender = useRef<"open" | "move" | null>(null);

  useEffect(() => {
    const reason = focusDayAfterRender.current;
    if (!open || reason === null) return;
    focusDayAfterRender.current = null;
    const day = gridRef.current?.querySelector<HTMLButtonElement>(`button[data-iso="${focused}"]`);
    if (reason === "open") {
      day?.focus({ preventScroll: true });
      dialogRef.current?.scrollIntoView({ block: "nearest" });
    } else {
      day?.focus();
    }
  }, [open, focused]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openPicker = () => {
    setFocused(initialFocus());
    focusDayAfterRender.current = "open";
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const pick = (iso: string) => {
    onChange(iso === chosen ? null : iso);
    close();
  };

  const view = isoParts(focused);
  const viewMonthIndex = view.year * 12 + view.month;
  const minParts = isoParts(min);
  const maxParts = isoParts(max);
  const canGoBack = viewMonthIndex > monthIndex(min);
  const canGoForward = viewMonthIndex < monthIndex(max);

  /** Shows another month, keeping the day of the month where possible, without moving DOM focus. */
  const showMonth = (year: number, month: number) => {
    setFocused(clampDate(toIsoDate(year, month, Math.min(view.day, daysInMonth(year, month))), min, max));
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = GRID_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const target = clampDate(move(focused, event.shiftKey), min, max);
    // At a bound the focus stays where it is (and the grid does not re-render).
    if (target === focused) return;
    focusDayAfterRender.current = "move";
    setFocused(target);
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    // Keep Tab inside the dialog, as a modal date picker does.
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE_IN_DIALOG));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const years: number[] = [];
  for (let year = maxParts.year; year >= minParts.year; year--) years.push(year);
  const today = open ? todayIso() : null;

  return (
    <div ref={rootRef} className="relative">
      <label id={labelId} htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={() => (open ? setOpen(false) : openPicker())}
        className={`flex min-h-11 w-full items-center gap-2 rounded-md border bg-surface px-3 py-2 text-left ${
          error ? "border-closed" : "border-border hover:border-ink-muted"
        }`}
      >
        <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
        <span id={valueId} className={chosen ? "text-ink" : "text-ink-muted"}>
          {chosen ? formatLong(chosen, t) : t("Pick a date")}
        </span>
      </button>
      <input type="hidden" name={name} value={value ?? ""} />

      {open ? (
        <div
          ref={dialogRef}
          id={dialogId}
          role="dialog"
          aria-modal="true"
          aria-label={t("Choose {field}", { field: lowerFirst(label) })}
          onKeyDown={onDialogKeyDown}
          className="absolute top-full left-0 z-[1100] mt-2 w-[calc(100vw-2rem)] max-w-[21rem] scroll-mb-24 rounded-xl border border-border bg-surface p-3 text-ink shadow-lg md:scroll-mb-4"
        >
          <h2 id={headingId} className="sr-only" aria-live="polite">
            {formatMonthYear(view.year, view.month, t)}
          </h2>
          <div className="flex items-center gap-1">
            <button
              type="button"
              aria-label={t("Previous month")}
              aria-disabled={!canGoBack}
              onClick={() => {
                if (canGoBack) setFocused(clampDate(addMonths(focused, -1), min, max));
              }}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <select
              aria-label={t("Month")}
              value={view.month}
              onChange={(event) => showMonth(view.year, Number(event.target.value))}
              className="h-11 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-ink text-sm"
            >
              {MONTH_NAMES.map((monthName, index) => {
                const month = index + 1;
                const outside =
                  view.year * 12 + month < monthIndex(min) || view.year * 12 + month > monthIndex(max);
                return (
                  <option key={monthName} value={month} disabled={outside}>
                    {t(monthName)}
                  </option>
                );
              })}
            </select>
            <select
              aria-label={t("Year")}
              value={view.year}
              onChange={(event) => showMonth(Number(event.target.value), view.month)}
              className="h-11 w-[5.5rem] shrink-0 rounded-md border border-border bg-surface px-2 text-ink text-sm"
            >
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <button
              type="button"
              aria-label={t("Next month")}
              aria-disabled={!canGoForward}
              onClick={() => {
                if (canGoForward) setFocused(clampDate(addMonths(focused, 1), min, max));
              }}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>

          <table
            ref={gridRef}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with role="grid" is the WAI-ARIA APG date picker pattern; its cells become gridcells.
            role="grid"
            aria-labelledby={headingId}
            onKeyDown={onGridKeyDown}
            className="mt-2 w-full table-fixed border-collapse"
          >
            <thead>
              <tr>
                {WEEKDAY_SHORT.map((short, index) => (
                  <th
                    key={short}
                    scope="col"
                    abbr={t(WEEKDAY_NAMES[index] ?? "")}
                    className="h-8 text-center font-medium text-ink-muted text-xs"
                  >
                    {t(short)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view.year, view.month).map((week) => (
                <tr key={week[0]?.iso}>
                  {week.map((cell) => {
                    if (!cell.inMonth) return <td key={cell.iso} className="h-11" />;
                    const selected = cell.iso === chosen;
                    const selectable = isWithin(cell.iso, min, max);
                    return (
                      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: inside role="grid" a td is a gridcell, which supports aria-selected.
                      <td key={cell.iso} aria-selected={selected} className="h-11 p-0 text-center">
                        <button
                          type="button"
                          data-iso={cell.iso}
                          tabIndex={cell.iso === focused ? 0 : -1}
                          disabled={!selectable}
                          aria-label={formatWeekdayLong(cell.iso, t)}
                          aria-pressed={selected}
                          aria-current={cell.iso === today ? "date" : undefined}
                          onClick={() => pick(cell.iso)}
                          onFocus={() => setFocused(cell.iso)}
                          className={`mx-auto flex h-11 w-full max-w-11 items-center justify-center rounded-full text-sm tabular-nums ${
                            selected
                              ? "bg-primary font-semibold text-primary-foreground hover:bg-primary-strong"
                              : selectable
                                ? "text-ink hover:bg-surface-muted"
                                : "cursor-not-allowed text-ink-muted line-through opacity-50"
                          } ${cell.iso === today && !selected ? "border border-primary" : ""}`}
                        >
                          {cell.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>

          <div className="mt-2 flex items-center justify-between gap-2 border-border border-t pt-2">
            <p className="text-ink-muted text-xs">
              {chosen ? t("Pick the chosen day again to clear it.") : t("Pick a day.")}
            </p>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-md px-4 font-semibold text-primary-strong text-sm hover:bg-surface-muted"
            >
              {t("Close")}
            </button>
          </div>
        </div>
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-closed text-sm">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
