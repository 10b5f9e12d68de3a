import type { ComponentProps } from "react";
import { PendingButton } from "./pending-button";
import { useActionFetcher } from "./use-action-fetcher";

/**
 * A form of one button that posts `intent` (and `values`, as hidden fields) to the page's action with its own
 * fetcher, the answer toasted, the button saying `pendingLabel` until the answer is back; the rest is the button's.
 */
export function IntentButton({
  intent,
  values = {},
  ...button
}: { intent: string; values?: Record<string, string> } & Omit<
  ComponentProps<typeof PendingButton>,
  "type" | "pending"
>) {
  const fetcher = useActionFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PendingButton type="submit" pending={fetcher.state !== "idle"} {...button} />
    </fetcher.Form>
  );
}
