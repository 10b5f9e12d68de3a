import { type Db, getDb } from "~/db/client.server";
import { type AppConfig, linkOrigin, readConfig } from "~/lib/http/config.server";
import { findViewer, type SessionUser } from "~/models/session.server";

/**
 * What every page loader, page action and API handler works with, built once per request from the Worker's
 * bindings (never kept between requests). Pages read it as their Remix load context (load-context.ts), the JSON
 * API as Hono variables (app/api/index.ts): the same object, built by the same function.
 */
export interface RequestContext {
  db: Db;
  kv: KVNamespace;
  photos: R2Bucket;
  config: AppConfig;
  /** The origin links the app sends out are built on (APP_ORIGIN in production). */
  origin: string;
  /** The signed-in user or null; looked up once however many loaders of the request ask. */
  viewer: () => Promise<SessionUser | null>;
}

export function createRequestContext(request: Request, env: Env): RequestContext {
  const config = readConfig(env);
  const db = getDb(env.DB);
  let viewer: Promise<SessionUser | null> | undefined;
  return {
    db,
    kv: env.KV,
    photos: env.PHOTOS,
    config,
    origin: linkOrigin(config, request.url),
    viewer: () => {
      viewer ??= findViewer(db, env.KV, request.headers);
      return viewer;
    },
  };
}
