/** The Worker's bindings and variables (wrangler.toml; secrets documented in .dev.vars.example). */
interface Env {
  DB: D1Database;
  KV: KVNamespace;
  PHOTOS: R2Bucket;
  ASSETS: Fetcher;
  ENVIRONMENT: string;
  APP_ORIGIN?: string;
}
