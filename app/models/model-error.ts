/** The statuses a refusal can carry: the client's request cannot be done as asked. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/**
 * How every model refuses: thrown, with the status the refusal deserves and a message the person can act on
 * (never a stack trace). `field` names the input the message belongs beside; `retryAfterSeconds` comes with
 * 429. Pages turn it into an answer with `refusal` (app/request/answers.server.ts), the API into
 * `{ error, field }` JSON in its onError (app/api/errors.ts). A read that finds nothing returns null instead:
 * absence is an answer, not a refusal.
 */
export class ModelError extends Error {
  readonly status: RefusalStatus;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    status: RefusalStatus,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ModelError";
    this.status = status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
