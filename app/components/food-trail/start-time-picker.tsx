import { useId } from "react";
import { useT } from "~/components/use-t";

/**
 * When the walk starts, on the stalls' clock: empty means now. `value` is a datetime-local value ("" for now);
 * the page moves the arrival times as it changes.
 */
export function StartTimePicker({
  value,
  onChange,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Posted with a form under this name when given. */
  name?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block font-medium text-sm">
          {t("Start time")}
        </label>
        <input
          id={id}
          name={name}
          type="datetime-local"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          className="mt-1 rounded-lg border border-border bg-surface px-3 py-2"
        />
      </div>
      <button
        type="button"
        onClick={() => onChange("")}
        aria-pressed={value === ""}
        className="rounded-full border border-border px-4 py-2 font-semibold text-sm aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
      >
        {t("Now")}
      </button>
      <p id={`${id}-hint`} className="w-full text-ink-muted text-xs">
        {value === ""
          ? t("Starting now. Pick a time to see when you would reach each stop.")
          : t("Times are the stalls' local time.")}
      </p>
    </div>
  );
}
