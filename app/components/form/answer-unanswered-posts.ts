import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { ActionAnswer } from "~/lib/http/action-answer";

/**
 * The clientAction of a route whose fetchers must hear back even when a post gets no answer: without a connection
 * the fetcher hears `offline`, after a server fault `fault`, as a failed ActionAnswer, where the page would otherwise
 * give way to its error boundary (and a half-filled form with it). A redirect (a session that ended) still goes on.
 * Kept apart from useActionFetcher: pages that only use the hook (every heart) do not load it.
 */
export function answerUnansweredPosts({ offline, fault }: { offline: string; fault: string }) {
  return async ({ serverAction }: ClientActionFunctionArgs) => {
    try {
      return await serverAction<ActionAnswer>();
    } catch (error) {
      if (error instanceof Response) throw error;
      // fetch() rejects with a TypeError when the request never reached the server.
      return { ok: false, message: error instanceof TypeError ? offline : fault } satisfies ActionAnswer;
    }
  };
}
