import type { ActionAnswer } from "~/lib/http/action-answer";

/**
 * The shouldRevalidate of the root and of the pages showing queued writes: after a write queued offline there is no
 * network to reload from (the service worker would open a stale copy of the page), so the page keeps showing what the
 * person did.
 */
export const skipReloadWhenQueued = ({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: ActionAnswer;
  defaultShouldRevalidate: boolean;
}) => !actionResult?.queued && defaultShouldRevalidate;
