/** The Worker's bindings and variables (wrangler.toml; secrets documented in .dev.vars.example). */
interface Env {
  DB: D1Database;
  KV: KVNamespace;
  PHOTOS: R2Bucket;
  ASSETS: Fetcher;
  ENVIRONMENT: string;
  APP_ORIGIN?: string;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  NEWSLETTER_SECRET?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  REPORTS_TO_HIDE?: string;
}
