import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";

export interface ActionFetcherOptions {
  /** A new answer replaces the toast of the one before instead of stacking beside it. */
  toastId?: string;
  /** How a refusal is toasted: by default the action's message as it is. */
  failure?: (message: string) => string;
  /** The component shows the message beside its form itself, so there is no toast. */
  inline?: boolean;
  /** Runs once per successful answer, when the page's loaders have reloaded and show the change. */
  onSuccess?: () => void;
}

/**
 * How a component posts to a page action and hears back (ADR 001): a fetcher whose answer is an ActionAnswer (or
 * one carrying more, such as an uploaded photo's URL), its message announced as a toast once per answer.
 */
export function useActionFetcher<Answer extends ActionAnswer = ActionAnswer>({
  toastId,
  failure,
  inline = false,
  onSuccess,
}: ActionFetcherOptions = {}) {
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.data as Answer | undefined;
  const t = useT();
  // Announced as soon as the answer arrives, while the page's loaders reload: an answer that removes its item from
  // the page (a decided moderation item) takes the component, and an effect waiting for the reload, with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not once per new `failure` function.
  useEffect(() => {
    if (inline || !answer?.message) return;
    const options = toastId === undefined ? undefined : { id: toastId };
    // Answers are written in English (the catalogue's keys, ADR 019) and read in the page's language.
    const message = t(answer.message);
    if (answer.ok) notify.success(message, options);
    else notify.error(failure ? failure(message) : message, options);
  }, [answer, inline, toastId]);
  const settled = fetcher.state === "idle" ? answer : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not once per new onSuccess.
  useEffect(() => {
    if (settled?.ok) onSuccess?.();
  }, [settled]);
  return fetcher;
}
