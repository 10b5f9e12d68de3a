import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { core } from "zod";
import { translatorFor } from "~/lib/i18n/translator.server";
import type { ModelError } from "~/models/model-error";

// The API answers in English, whatever the request's language: its clients are programs (ADR 019). A refusal's
// message may carry values (msg), filled in here.
const english = translatorFor("en");

/** Every API error has one shape: { error: string, field?: string }. */
export function jsonError(c: Context, status: ContentfulStatusCode, error: string, field?: string) {
  return c.json(field ? { error, field } : { error }, status);
}

/** A model's refusal (ModelError) as the API says it: its status, `{ error, field? }`, Retry-After with 429. */
export function refusalResponse(c: Context, error: ModelError) {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  return jsonError(c, error.status, english(error.message), error.field);
}

/** A zod failure answered as 400 naming the first offending parameter. */
export function validationError(c: Context, error: core.$ZodError) {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const text = issue ? english(issue.message) : "Invalid request";
  const message = issue && field ? `${field}: ${text}` : text;
  return jsonError(c, 400, message, field);
}

/** The hook for @hono/zod-validator: invalid input answers 400 naming the parameter. */
export function rejectInvalid(
  result: { success: true } | { success: false; error: core.$ZodError },
  c: Context,
) {
  return result.success ? undefined : validationError(c, result.error);
}

// The media types Hono's json validator reads.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Every /api body sent as JSON must be a JSON object (an empty one reads as `{}`): `null`, `3`, `"x"` or `[]`
 * answers 400 here, before any schema's refinement reads a property of it (POST /api/shop with `null` answered
 * 500). Hono caches the text read here, so the validators parse the same body again without reading the stream
 * twice.
 */
export const requireJsonObjectBody: MiddlewareHandler = async (c, next) => {
  const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim() ?? "";
  if (JSON_MEDIA_TYPE.test(mediaType)) {
    const text = await c.req.text();
    // No body at all is an empty object: "an empty body flips" a like or a follow, whatever the Content-Type
    // says. The validators parse the text in Hono's body cache, so that is where "{}" goes (the cache holds
    // promises, though its type says otherwise).
    if (text.trim() === "") c.req.bodyCache.text = Promise.resolve("{}") as unknown as string;
    else {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return jsonError(c, 400, "Malformed JSON in request body");
      }
      if (typeof body !== "object" || body === null || Array.isArray(body))
        return jsonError(c, 400, "The request body must be a JSON object");
    }
  }
  await next();
};
