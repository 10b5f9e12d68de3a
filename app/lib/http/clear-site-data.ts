/**
 * The Clear-Site-Data of every sign-out (and of deleting an account): the browser drops this site's HTTP cache and
 * its storage (localStorage, sessionStorage, IndexedDB, service workers), where pages and recent searches of the
 * person may be kept. Not "cookies": the session cookie is cleared by its own Set-Cookie, and the theme and language
 * cookies are not personal and should outlive a sign-out.
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';
