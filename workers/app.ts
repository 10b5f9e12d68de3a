import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { api } from "~/api";
import { randomToken } from "~/lib/auth/tokens";
import { isForgedRequest } from "~/lib/csrf";
import { PHOTO_KEY_PATTERN } from "~/lib/photo-url";
import { applySecurityHeaders } from "~/lib/security-headers";
// biome-ignore lint/suspicious/noTsIgnore: the build may or may not exist when typecheck runs, so neither expect-error nor plain import fits.
// @ts-ignore The server build exists only after `npm run build`.
import * as build from "../build/server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

type WorkerEnv = { Bindings: Env; Variables: { cspNonce: string } };

const worker = new Hono<WorkerEnv>();

worker.use(async (c, next) => {
  const nonce = randomToken();
  c.set("cspNonce", nonce);
  await next();
  // Static assets and some framework responses come with immutable headers: copy before adding ours.
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers, nonce);
});

worker.route("/", api);

// Uploaded photos: keys are random and never reused, so a photo never changes and may be cached for good.
worker.get("/photos/:key", async (c) => {
  const key = c.req.param("key");
  if (!PHOTO_KEY_PATTERN.test(key)) return c.text("Not found", 404);
  const object = await c.env.PHOTOS.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return c.text("Not found", 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  // Without a body, R2 says the If-None-Match matched: the browser's copy is current.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});

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
    if (asset.status !== 404) return asset;
  }
  return handleRemixRequest(c.req.raw, {
    cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
    cspNonce: c.var.cspNonce,
  });
});

export default worker;
