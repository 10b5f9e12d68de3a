import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { core } from "zod";

/** Every API error has one shape: { error: string, field?: string }. */
export function jsonError(c: Context, status: ContentfulStatusCode, error: string, field?: string) {
  return c.json(field ? { error, field } : { error }, status);
}

/** A zod failure answered as 400 naming the first offending parameter. */
export function validationError(c: Context, error: core.$ZodError) {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : "Invalid request";
  return jsonError(c, 400, message, field);
}

/** The hook for @hono/zod-validator: invalid input answers 400 naming the parameter. */
export function rejectInvalid(
  result: { success: true } | { success: false; error: core.$ZodError },
  c: Context,
) {
  return result.success ? undefined : validationError(c, result.error);
}
