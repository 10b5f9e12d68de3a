import { type Db, getDb } from "~/db/client.server";
import { type AppConfig, linkOrigin, readConfig } from "~/lib/http/config.server";
import { bookmarkCookie, bookmarkFromCookieHeader } from "~/lib/http/d1-bookmark";
import { choosePreferences, type DisplayPreferences } from "~/lib/http/preferences";
import { chooseLanguage, formatLocaleFor } from "~/lib/i18n/choose-language";
import type { Language } from "~/lib/i18n/languages";
import { findViewer, type SessionUser } from "~/models/session.server";
import { getSettings } from "~/models/settings.server";

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
  /** The language this answer is written in (ADR 019): the viewer's setting, the cookie, the browser, English. */
  language: () => Promise<Language>;
  /** The locale dates, times and numbers are written in, to match the language. */
  formatLocale: () => Promise<string>;
  /** Units and default city (Settings > Preferences): the viewer's profile, else this browser's cookies. */
  preferences: () => Promise<DisplayPreferences>;
  /** Where this request's D1 session has read or written up to: what a writer's next requests start from. */
  d1Bookmark: () => string | null;
}

export function createRequestContext(request: Request, env: Env): RequestContext {
  const config = readConfig(env);
  // Reads go to the nearest replica, unless this browser wrote a moment ago: then they start from that write's
  // bookmark, so the writer sees their own write (ADR 014).
  const session = env.DB.withSession(
    bookmarkFromCookieHeader(request.headers.get("Cookie")) ?? "first-unconstrained",
  );
  const db = getDb(session);
  let viewer: Promise<SessionUser | null> | undefined;
  const findOnce = () => {
    viewer ??= findViewer(db, env.KV, request.headers);
    return viewer;
  };
  let language: Promise<Language> | undefined;
  const languageOnce = () => {
    language ??= findOnce().then((user) =>
      chooseLanguage({
        setting: user?.language,
        cookieHeader: request.headers.get("Cookie"),
        acceptLanguage: request.headers.get("Accept-Language"),
      }),
    );
    return language;
  };
  let preferences: Promise<DisplayPreferences> | undefined;
  const preferencesOnce = () => {
    preferences ??= findOnce().then(async (user) =>
      choosePreferences({
        setting: user ? await getSettings(db, user.id) : null,
        cookieHeader: request.headers.get("Cookie"),
      }),
    );
    return preferences;
  };
  return {
    db,
    kv: env.KV,
    photos: env.PHOTOS,
    config,
    origin: linkOrigin(config, request.url),
    viewer: findOnce,
    language: languageOnce,
    formatLocale: async () => formatLocaleFor(await languageOnce(), request.headers.get("Accept-Language")),
    preferences: preferencesOnce,
    d1Bookmark: () => session.getBookmark(),
  };
}

/**
 * The Set-Cookie that keeps a writer reading their own writes, or null: only a request that may have written
 * (any method but GET and HEAD) and whose session reached D1 hands its bookmark on, so a visitor's reads never
 * get the cookie.
 */
export function bookmarkCookieFor(request: Request, context: RequestContext): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const bookmark = context.d1Bookmark();
  return bookmark ? bookmarkCookie(bookmark, context.config.isProduction) : null;
}
