import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { api } from "~/api";
import { randomToken } from "~/lib/auth/tokens";
import { readConfig } from "~/lib/http/config.server";
import { isForgedRequest } from "~/lib/http/csrf";
import { applySecurityHeaders } from "~/lib/http/security-headers";
import { serveMedia } from "~/models/media.server";
import { servePhoto } from "~/models/photo.server";
import { pushNewNotifications } from "~/models/push.server";
import { bookmarkCookieFor, createRequestContext, type RequestContext } from "~/request/context.server";
import { getLoadContext } from "../load-context";
import { edgeCache } from "../workers/edge-cache";
import { runScheduledJobs } from "../workers/scheduled";

type WorkerEnv = { Bindings: Env; Variables: { cspNonce: string; requestContext: RequestContext } };

/**
 * The Worker: one Hono app, the API first, then photos and reels' media from R2, static files, and Remix for every
 * page. It is built inside the server build (app/entry.server.tsx exports this), so the app's modules are bundled
 * once: workers/app.ts only hands it the build (ADR 050).
 */
export function createWorker(build: ServerBuild) {
  const handleRemixRequest = createRequestHandler(build);
  const worker = new Hono<WorkerEnv>();

  // A refusal that never read the request's body (a reel part refused for its upload or its length before a byte
  // of it went to R2, a visitor's upload) leaves that body on the connection, and workerd resets the connection:
  // the client's next request on it is lost. Neither `Connection: close` (workerd drops it) nor cancelling the body
  // nor reading it after answering (waitUntil) prevents that; reading the rest before answering does. It streams
  // through, never held in memory.
  worker.use(async (c, next) => {
    await next();
    const body = c.req.raw.body;
    if (body && !c.req.raw.bodyUsed) await body.pipeTo(new WritableStream());
  });

  worker.use(async (c, next) => {
    const nonce = randomToken();
    c.set("cspNonce", nonce);
    await next();
    // Static assets and some framework responses come with immutable headers: copy before adding ours.
    c.res = new Response(c.res.body, c.res);
    applySecurityHeaders(c.res.headers, nonce, c.req.url);
  });

  // A misconfigured deployment (production without APP_ORIGIN, say) fails every request, naming the variable.
  worker.use(async (c, next) => {
    readConfig(c.env);
    await next();
  });

  // One request context per request, for pages and the API alike. A request that wrote hands the browser its D1
  // bookmark, so the next pages read that write even from a replica (ADR 014).
  worker.use(async (c, next) => {
    const context = createRequestContext(c.req.raw, c.env);
    c.set("requestContext", context);
    await next();
    const cookie = bookmarkCookieFor(c.req.raw, context);
    if (!cookie) return;
    // A response's headers may be immutable: copy before adding ours.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Set-Cookie", cookie);
  });

  // Web push for what the request told people (ADR 028), once it has answered: never slower, never failed by it.
  worker.use(async (c, next) => {
    const since = Date.now();
    await next();
    const { db, config } = c.var.requestContext;
    c.executionCtx.waitUntil(pushNewNotifications(db, config, since));
  });

  worker.use(edgeCache);

  worker.route("/", api);

  // Uploaded photos come from R2 (ADR 009), before Remix.
  worker.get("/photos/:key", (c) => servePhoto(c.env.PHOTOS, c.req.param("key"), c.req.raw.headers));

  // Reels' videos and posters, from the same bucket with range requests (ADR 026). Hono answers HEAD with this GET
  // route, dropping the body unread; serveMedia is told the method so that it cancels R2's stream itself.
  worker.get("/media/:key", (c) =>
    serveMedia(c.env.PHOTOS, c.req.param("key"), c.req.raw.headers, c.req.method),
  );

  // Page actions (form posts) get the same cross-site check the API applies to itself.
  worker.use(async (c, next) => {
    if (isForgedRequest(c.req.raw)) return c.text("Cross-site request refused", 403);
    await next();
  });

  // Page paths never contain a dot in their last segment; files in build/client always do.
  const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path);

  worker.all("*", async (c) => {
    if ((c.req.method === "GET" || c.req.method === "HEAD") && looksLikeFile(c.req.path)) {
      const asset = await c.env.ASSETS.fetch(c.req.raw);
      if (asset.ok && c.req.path.startsWith("/assets/")) {
        // Vite names these files by content hash, so they never change.
        const cached = new Response(asset.body, asset);
        cached.headers.set("Cache-Control", "public, max-age=31536000, immutable");
        return cached;
      }
      if (asset.ok && c.req.path === "/sw.js") {
        // The service worker (ADR 029): always revalidated, so a new build reaches browsers on their next visit.
        const worker = new Response(asset.body, asset);
        worker.headers.set("Cache-Control", "no-cache");
        worker.headers.set("Content-Type", "text/javascript; charset=utf-8");
        return worker;
      }
      if (asset.status !== 404) return asset;
    }
    return handleRemixRequest(
      c.req.raw,
      getLoadContext({
        request: c.req.raw,
        context: {
          cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
          cspNonce: c.var.cspNonce,
        },
        requestContext: c.var.requestContext,
      }),
    );
  });

  return {
    fetch: worker.fetch,
    // The Cron Triggers in wrangler.toml: clean-ups that no request should wait for.
    scheduled(_controller, env, ctx) {
      ctx.waitUntil(runScheduledJobs(env));
    },
  } satisfies ExportedHandler<Env>;
}
