import type { ReactNode } from "react";
import { PendingButton } from "./pending-button";
import { useActionFetcher } from "./use-action-fetcher";

/**
 * A form of one button that posts `intent` (and `values`, as hidden fields) to the page's action with its own
 * fetcher, the answer toasted, the button saying `pendingLabel` until the answer is back.
 */
export function IntentButton({
  intent,
  values = {},
  pendingLabel,
  label,
  className,
  children,
}: {
  intent: string;
  values?: Record<string, string>;
  pendingLabel: string;
  /** The button's accessible name where its text alone does not say what it acts on. */
  label?: string;
  className: string;
  children: ReactNode;
}) {
  const fetcher = useActionFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PendingButton
        type="submit"
        pending={fetcher.state !== "idle"}
        pendingLabel={pendingLabel}
        aria-label={label}
        className={className}
      >
        {children}
      </PendingButton>
    </fetcher.Form>
  );
}
