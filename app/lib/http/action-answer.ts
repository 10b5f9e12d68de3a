import type { SubmissionResult } from "@conform-to/react";

/**
 * What every page action answers a form or a fetcher: whether it worked, the message to show (a toast with
 * JavaScript, the page's text without), and conform's reply so a form shows errors beside its fields and keeps
 * what was typed. Built by app/request/answers.server.ts; read by useActionFetcher.
 */
export interface ActionAnswer {
  ok: boolean;
  message: string | null;
  result?: SubmissionResult<string[]>;
  /** Kept in the offline write queue, to be sent once there is a network (answerUnansweredPosts). */
  queued?: true;
}
