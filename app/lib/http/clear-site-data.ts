/**
 * The Clear-Site-Data of every sign-out (and of deleting an account): the browser drops this site's storage
 * (localStorage, sessionStorage, IndexedDB, Cache Storage, service workers), where pages and recent searches of the
 * person may be kept. Not "cache": Chromium clears its HTTP cache before it hands over the response, which held a
 * sign-out for seconds (ADR 062); personal answers are `Cache-Control: private, no-store` instead, so the HTTP cache
 * holds none. Not "cookies": the session cookie is cleared by its own Set-Cookie, and the theme and language cookies
 * are not personal and should outlive a sign-out.
 */
export const CLEAR_SITE_DATA = '"storage"';
