import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { notify } from "~/lib/client/notify";
import type { action } from "~/routes/moderation._index";

/** A fetcher posting to the moderation page's action; its outcome is announced as a toast. */
export function useModerationFetcher() {
  const fetcher = useFetcher<typeof action>();
  // Announced as soon as the answer arrives, while the queue reloads: a decided item leaves the page with it.
  const outcome = fetcher.data;
  useEffect(() => {
    if (!outcome?.message) return;
    if (outcome.ok) notify.success(outcome.message);
    else notify.error(outcome.message);
  }, [outcome]);
  return fetcher;
}
