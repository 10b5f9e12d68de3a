import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { createRequestContext, type RequestContext } from "~/request/context.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches?: PlatformProxy<Env>["caches"] | CacheStorage;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RequestContext {
    cloudflare: Cloudflare;
    /** Nonce for inline scripts under the Worker's Content-Security-Policy; absent in `npm run dev`. */
    cspNonce?: string;
  }
}

/**
 * The Remix load context for the Worker (workers/app.ts) and `npm run dev` (vite.config.ts) alike: the request
 * context every loader and action reads, plus the raw bindings and execution context. The Worker passes the
 * context it already built for the request (its D1 session hands a writer the bookmark cookie, ADR 014);
 * `npm run dev` has no Worker around Remix, so one is built here.
 */
export function getLoadContext({
  request,
  context,
  requestContext = createRequestContext(request, context.cloudflare.env),
}: {
  request: Request;
  context: { cloudflare: Cloudflare; cspNonce?: string };
  requestContext?: RequestContext;
}): AppLoadContext {
  return { ...context, ...requestContext };
}
