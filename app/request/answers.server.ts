import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type HeadersFunction } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import type { ActionAnswer } from "~/lib/http/action-answer";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_IN_FLIGHT, IDEMPOTENCY_KEY_PATTERN } from "~/lib/http/idempotency";
import { runIdempotentlyOrWait } from "~/models/idempotency.server";
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
/** The model names fields as the API does ("stops.2.stallId"); a form's names are conform's ("stops[2].stallId"). */
const formFieldName = (field: string) => field.replace(/\.(\d+)/g, "[$1]");

export function refusal(error: unknown, submission?: Submission) {
  if (!(error instanceof ModelError)) throw error;
  const onField = error.field !== undefined && submission !== undefined;
  const answer: ActionAnswer = {
    ok: false,
    message: onField ? null : error.message,
    result: submission?.reply(
      onField
        ? { fieldErrors: { [formFieldName(error.field as string)]: [error.message] } }
        : { formErrors: [error.message] },
    ),
  };
  const headers: HeadersInit =
    error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
  return data(answer, { status: error.status, headers });
}

/**
 * A page action's answer, worked out once per idempotency key (`key`, the form's IDEMPOTENCY_FIELD: one per fill of
 * the form): a double click or a resend after a lost answer hears the first answer again instead of doing the work
 * twice, and one still running after the wait is refused (409). A refusal is answered as refusal() does and not kept,
 * so the same fill can be sent again.
 */
export async function answerOnce<Answer extends ActionAnswer>(
  db: Db,
  { userId, scope, key }: { userId: string; scope: string; key: FormDataEntryValue | null },
  run: () => Promise<Answer>,
  submission?: Submission,
) {
  try {
    const outcome = await runIdempotentlyOrWait(
      db,
      typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key) ? { userId, scope, key } : null,
      async () => ({ status: 200, body: JSON.stringify(await run()) }),
    );
    if (outcome.kind === "in-flight") return refusal(new ModelError(409, IDEMPOTENCY_IN_FLIGHT), submission);
    return data(JSON.parse(outcome.body) as Answer, { status: outcome.status });
  } catch (error) {
    return refusal(error, submission);
  }
}

/**
 * A form that writes once per fill (a new post, a comment, a report): its fill parsed by `schema`, input the schema
 * refuses answered by invalid(), the rest by `run` with the parsed value, through answerOnce keyed by the form's
 * IDEMPOTENCY_FIELD.
 */
export async function answerFormOnce<Value extends Record<string, unknown>, Answer extends ActionAnswer>(
  db: Db,
  { userId, scope, formData }: { userId: string; scope: string; formData: FormData },
  schema: z.ZodType<Value, Record<string, unknown>>,
  run: (value: Value, submission: Submission) => Promise<Answer>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalid(submission);
  const key = formData.get(IDEMPOTENCY_FIELD);
  return answerOnce(db, { userId, scope, key }, () => run(submission.value, submission), submission);
}

/**
 * An answer as a resource route gives it: a Response with the answer's status and headers, since Remix sends anything
 * else a resource route returns as JSON with status 200.
 */
function answerResponse(answer: ActionAnswer | ReturnType<typeof data<ActionAnswer>>): Response {
  return "init" in answer ? Response.json(answer.data, answer.init ?? undefined) : Response.json(answer);
}

type Answer = ActionAnswer | ReturnType<typeof data<ActionAnswer>> | Response;

/**
 * The action of a resource route (a route of forms with no page of its own): whatever it answers keeps its status
 * and headers (a refusal's 403 or 429 with Retry-After), as answerResponse makes them; a redirect goes as it is.
 */
export function resourceAction<Args>(handle: (args: Args) => Promise<Answer>) {
  return async (args: Args): Promise<Response> => {
    const answer = await handle(args);
    return answer instanceof Response ? answer : answerResponse(answer);
  };
}

/**
 * The `headers` of every route whose action can refuse with Retry-After: without a `headers` export Remix sends only
 * the cookies of an action's headers, so the browser would not hear when to try again.
 */
export const keepActionHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
};

/** A page loader's `.catch` for a model's read: its 404 becomes the app's not-found page; anything else goes on. */
export function notFoundPage(error: unknown): never {
  if (error instanceof ModelError && error.status === 404) throw new Response("Not Found", { status: 404 });
  throw error;
}

/**
 * A list's next page for its 'Load more' (a resource route's loader): the page `read` answers for the parsed
 * query, or `{ error }` with the status a model refused with (400 for a query that does not parse), which the
 * list shows beside its button with the cursor kept for another try.
 */
export async function listPageAnswer<Query, Page>(
  failedMessage: string,
  query: { success: true; data: Query } | { success: false },
  read: (query: Query) => Promise<Page>,
) {
  const failed = (status: number, error: string) => data({ error }, { status });
  if (!query.success) return failed(400, failedMessage);
  try {
    return await read(query.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return failed(error.status, error.message);
  }
}
