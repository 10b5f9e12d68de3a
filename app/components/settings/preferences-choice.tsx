import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/components/use-t";

/**
 * One setting as a row of pressed-or-not buttons, each a submit of its own value: it works before the page's code
 * has loaded (a plain form post that comes back here), and with it the choice shows at once while it is saved.
 * `labels` names every value (msg() messages), in the order shown; `action` is the settings page's unless told.
 */
export function ChoiceButtons<Value extends string>({
  action = "/settings?index",
  label,
  name,
  labels,
  current,
  hidden = {},
  hint,
}: {
  action?: string;
  label: string;
  name: string;
  labels: Record<Value, string>;
  current: Value | null;
  hidden?: Record<string, string>;
  hint?: ReactNode;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const chosen = (fetcher.formData?.get(name) as Value | null) ?? current;
  return (
    <fetcher.Form method="post" action={action}>
      {Object.entries(hidden).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <fieldset className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
        {/* Floated, the legend lays out as a flex item beside the buttons and still names the group. */}
        <legend className="float-left font-medium">{label}</legend>
        <div className="inline-flex flex-wrap rounded-full border border-border p-0.5">
          {(Object.keys(labels) as Value[]).map((value) => (
            <button
              key={value}
              type="submit"
              name={name}
              value={value}
              aria-pressed={value === chosen}
              className={`min-h-9 rounded-full px-3 text-sm ${value === chosen ? "bg-primary text-primary-foreground" : "text-ink hover:bg-surface-muted"}`}
            >
              {t(labels[value])}
            </button>
          ))}
        </div>
        {hint ? <p className="w-full text-ink-muted text-sm">{hint}</p> : null}
      </fieldset>
    </fetcher.Form>
  );
}
