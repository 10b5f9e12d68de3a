import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { PatternRouter } from "hono/router/pattern-router";
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { jsonError } from "./errors";
import { validationOf } from "./validate";

// Hono wraps a mounted app's handlers to give them that app's onError, keeping the original under this key
// (hono/utils/constants): the Worker sees the API's handlers wrapped.
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

function unwrap(handler: unknown): unknown {
  const inner = (handler as Record<string, unknown>)[COMPOSED_HANDLER];
  return inner ? unwrap(inner) : handler;
}

/** A route of the table that answers a method, as opposed to middleware (`use`, registered for ALL). */
export const isEndpoint = (route: RouterRoute) => route.method !== "ALL";

/** The parameter names a query schema accepts (an object, or an object piped on to a transform). */
function queryKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return queryKeys(schema.in as z.ZodType);
  return [];
}

/**
 * Unknown query parameters answer 400 naming them, as unknown JSON keys do: `/api/trails?tab=curated` used to
 * answer the popular list as if the parameter meant something. A route's known parameters are its query schema's
 * keys (none without one). A request no route answers is left to `unmatched`.
 */
export const refuseUnknownQuery: MiddlewareHandler = async (c, next) => {
  const given = [...new Set(new URL(c.req.url).searchParams.keys())];
  const endpoints = given.length ? matchedRoutes(c).filter(isEndpoint) : [];
  if (endpoints.length) {
    const known = new Set(
      endpoints.flatMap((route) => {
        const validation = validationOf(unwrap(route.handler));
        return validation?.part === "query" ? queryKeys(validation.schema) : [];
      }),
    );
    const unknown = given.filter((key) => !known.has(key));
    if (unknown.length)
      return jsonError(
        c,
        400,
        `Unknown query parameter${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
        unknown[0],
      );
  }
  await next();
};

const routers = new WeakMap<RouterRoute[], PatternRouter<string>>();

/** The methods the route table answers at a path (HEAD wherever GET is, as Hono answers it). */
export function allowedMethods(routes: RouterRoute[], path: string): string[] {
  let router = routers.get(routes);
  if (!router) {
    router = new PatternRouter<string>();
    for (const route of routes.filter(isEndpoint)) router.add("ALL", route.path, route.method);
    routers.set(routes, router);
  }
  const methods = new Set(router.match("GET", path)[0].map(([method]) => method));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/**
 * The answer to an /api request that no route takes: 405 with Allow where the path exists for other methods,
 * else 404, both JSON. It is the API's last route, so such a request never falls through to Remix (which
 * re-sent it to the API with its body already read, and answered 500 in plain text).
 */
export function unmatched(c: Context, routes: RouterRoute[]) {
  const allowed = allowedMethods(routes, c.req.path);
  if (!allowed.length) return jsonError(c, 404, "Not found");
  c.header("Allow", allowed.join(", "));
  return jsonError(c, 405, `Method not allowed: this path answers ${allowed.join(", ")}`);
}
