import type { MiddlewareHandler } from "hono";
import {
  EDGE_CACHE_SECONDS,
  edgeCacheKey,
  isStorable,
  planEdgeCache,
  speaksForPerson,
} from "~/lib/http/edge-cache";
import { readPublicContentVersion } from "~/models/public-content.server";
import type { RequestContext } from "~/request/context.server";

type EdgeCacheEnv = { Bindings: Env; Variables: { cspNonce: string; requestContext: RequestContext } };

// The nonce a stored page was rendered with, so a later visitor's copy can carry their own (the CSP needs it).
const STORED_NONCE = "X-Stored-Csp-Nonce";

/**
 * Anonymous reads of public pages and API answers come from the edge cache when they can (ADR 017). The key holds
 * the public content version, so an approved stall, an edit or a review makes every older entry unreachable.
 * X-Edge-Cache says which way an answer went: HIT, MISS (rendered and stored) or BYPASS (never cached).
 */
export const edgeCache: MiddlewareHandler<EdgeCacheEnv> = async (c, next) => {
  const plan = planEdgeCache(c.req.raw);
  if (!plan.cacheable) {
    await next();
    c.res = markCache(c.res, "BYPASS");
    // A person's pages and answers never enter the browser's HTTP cache, so signing out has none to clear (ADR 062).
    // What names its own caching (a photo, a clip) keeps it: those are public by key.
    if (speaksForPerson(c.req.raw) && !c.res.headers.has("Cache-Control")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
    return;
  }
  // The DOM library's CacheStorage (which the app's browser code needs) hides workerd's `caches.default`.
  const cache = (caches as unknown as { default: Cache }).default;
  const version = await readPublicContentVersion(c.var.requestContext.db);
  const key = edgeCacheKey(c.req.url, version, plan.variant);
  const stored = await cache.match(key);
  if (stored) return markCache(await withFreshNonce(stored, c.var.cspNonce), "HIT");

  await next();
  if (!isStorable(c.res)) {
    c.res = markCache(c.res, "BYPASS");
    return;
  }
  const copy = new Response(c.res.clone().body, c.res);
  copy.headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
  copy.headers.set(STORED_NONCE, c.var.cspNonce);
  c.executionCtx.waitUntil(cache.put(key, copy));
  c.res = markCache(c.res, "MISS");
};

async function withFreshNonce(stored: Response, nonce: string): Promise<Response> {
  const storedNonce = stored.headers.get(STORED_NONCE);
  const headers = new Headers(stored.headers);
  headers.delete(STORED_NONCE);
  // The edge's own freshness is not the browser's: a visitor who signs in must not reuse an anonymous page.
  headers.delete("Cache-Control");
  headers.delete("Age");
  if (!storedNonce) return new Response(stored.body, { status: stored.status, headers });
  // A page is a few tens of KB and the nonce a random token found nowhere else, so replacing it is exact.
  const body = (await stored.text()).replaceAll(storedNonce, nonce);
  return new Response(body, { status: stored.status, headers });
}

function markCache(response: Response, outcome: "HIT" | "MISS" | "BYPASS"): Response {
  const marked = new Response(response.body, response);
  marked.headers.set("X-Edge-Cache", outcome);
  return marked;
}
