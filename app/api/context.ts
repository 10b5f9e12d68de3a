import type { MiddlewareHandler } from "hono";
import { createRequestContext, type RequestContext } from "~/request/context.server";

/** Every API handler reads the request context (app/request/context.server.ts) as Hono variables. */
export interface ApiEnv {
  Bindings: Env;
  Variables: RequestContext & {
    /** The whole context, when the Worker built it before the API was reached (workers/app.ts). */
    requestContext?: RequestContext;
  };
}

/**
 * Sets the request context's parts as variables: c.var.db, c.var.config, c.var.viewer() and the rest. Behind the
 * Worker they are the very context it built for the request; only `npm run dev`, which reaches the API through
 * a Remix route, builds one here.
 */
export const withRequestContext: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const context = c.var.requestContext ?? createRequestContext(c.req.raw, c.env);
  for (const key of Object.keys(context) as (keyof RequestContext)[]) c.set(key, context[key] as never);
  await next();
};
