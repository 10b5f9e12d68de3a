import type { Context, Next } from "hono";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_IN_FLIGHT,
  IDEMPOTENCY_KEY_PATTERN,
  INVALID_IDEMPOTENCY_KEY,
} from "~/lib/http/idempotency";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { runIdempotently } from "~/models/idempotency.server";
import { jsonError } from "./errors";
import { type SignedInEnv, signedInOnly } from "./viewer";

/** Hono middleware after signedInOnly on every endpoint that adds something: a confirmed e-mail address, or 403. */
export async function requireConfirmedEmail(c: Context<SignedInEnv>, next: Next) {
  if (!mayContribute(c.var.user)) return jsonError(c, 403, CONFIRM_EMAIL_FIRST);
  await next();
}

/**
 * Hono middleware for create endpoints: with an Idempotency-Key header, the endpoint runs once per user, method,
 * path and key; a copy sent while it runs gets 409, a later copy the first answer again (app/models/idempotency).
 */
export async function idempotent(c: Context<SignedInEnv>, next: Next) {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return jsonError(c, 400, INVALID_IDEMPOTENCY_KEY);
  const id = { userId: c.var.user.id, scope: `${c.req.method} ${c.req.path}`, key };
  const result = await runIdempotently(c.var.db, id, async () => {
    await next();
    return { status: c.res.status, body: await c.res.clone().text() };
  });
  if (result.kind === "in-flight") return jsonError(c, 409, IDEMPOTENCY_IN_FLIGHT);
  if (result.replayed) {
    return new Response(result.body, {
      status: result.status,
      headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
    });
  }
}

/** The guards of every endpoint that adds something, in order: signed in (401), a confirmed address (403), and
 * once per Idempotency-Key. Spread them before the route's validators. */
export const contributionGuards = [signedInOnly, requireConfirmedEmail, idempotent] as const;
