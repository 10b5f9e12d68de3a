import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { msg } from "~/lib/i18n/translate";

const SERVER_FAULT = msg("Something went wrong. Please try again.");

/**
 * The clientAction of a route whose fetchers must hear back even when a post gets no answer: without a connection
 * the fetcher hears `offline`, after a server fault `fault` (by default 'Something went wrong'), as a failed ActionAnswer, where the page would otherwise
 * give way to its error boundary (and a half-filled form with it). A redirect (a session that ended) still goes on.
 * With `queue`, a post that got no answer is kept in the offline write queue instead (app/lib/client/offline-writes.ts)
 * and answered as saved, `queued`, so the page keeps what the person did; `offline` is then what they hear if the
 * server refuses it later. Kept apart from useActionFetcher: pages that only use the hook (every heart) do not load it.
 */
export function answerUnansweredPosts({
  offline,
  fault = SERVER_FAULT,
  queue = false,
}: {
  offline: string;
  fault?: string;
  queue?: boolean;
}) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const form = queue ? await request.clone().formData() : null;
    try {
      return await serverAction<ActionAnswer>();
    } catch (error) {
      if (error instanceof Response) throw error;
      // fetch() rejects with a TypeError when the request never reached the server (or its answer never came back:
      // the queued write carries an idempotency key, so sending it again does it once).
      if (form && error instanceof TypeError) {
        const { queueWrite } = await import("~/lib/client/offline-writes");
        const { pathname, search } = new URL(request.url);
        if (await queueWrite(pathname + search, form, offline))
          return { ok: true, message: null, queued: true } satisfies ActionAnswer;
      }
      return { ok: false, message: error instanceof TypeError ? offline : fault } satisfies ActionAnswer;
    }
  };
}
