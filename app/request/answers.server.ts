import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { ModelError } from "~/models/model-error";

/** What conform's parseWithZod returns: its reply carries the typed values back with the errors. */
interface Submission {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/** A page action's success. */
export function done(message: string | null, result?: SubmissionResult<string[]>): ActionAnswer {
  return { ok: true, message, result };
}

/** Input the schema refused: conform's reply puts each message beside its field; the status is 400. */
export function invalid(submission: Submission) {
  return data<ActionAnswer>({ ok: false, message: null, result: submission.reply() }, { status: 400 });
}

/**
 * A page action's answer to a model's refusal, keeping its status (and Retry-After): the message goes beside
 * its field when it names one, otherwise to the toast. Anything that is not a ModelError is a fault, rethrown
 * for the error boundary and the logs.
 */
export function refusal(error: unknown, submission?: Submission) {
  if (!(error instanceof ModelError)) throw error;
  const onField = error.field !== undefined && submission !== undefined;
  const answer: ActionAnswer = {
    ok: false,
    message: onField ? null : error.message,
    result: submission?.reply(
      onField
        ? { fieldErrors: { [error.field as string]: [error.message] } }
        : { formErrors: [error.message] },
    ),
  };
  const headers: HeadersInit =
    error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
  return data(answer, { status: error.status, headers });
}
