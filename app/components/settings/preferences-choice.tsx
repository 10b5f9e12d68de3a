import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

/**
 * One setting as a row of pressed-or-not buttons, each a submit of its own value: it works before the page's code
 * has loaded (a plain form post that comes back here), and with it the choice shows at once while it is saved.
 */
export function ChoiceButtons<Value extends string>({
  action,
  label,
  name,
  options,
  current,
  hidden = {},
  hint,
}: {
  action: string;
  label: string;
  name: string;
  options: Choice<Value>[];
  current: Value | null;
  hidden?: Record<string, string>;
  hint?: ReactNode;
}) {
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
          {options.map((option) => (
            <button
              key={option.value}
              type="submit"
              name={name}
              value={option.value}
              aria-pressed={option.value === chosen}
              className={`min-h-9 rounded-full px-3 text-sm ${option.value === chosen ? "bg-primary text-primary-foreground" : "text-ink hover:bg-surface-muted"}`}
            >
              {option.label}
            </button>
          ))}
        </div>
        {hint ? <p className="w-full text-ink-muted text-sm">{hint}</p> : null}
      </fieldset>
    </fetcher.Form>
  );
}
