// The app's cookies are written here, with the same attributes; cookie.ts reads them. The theme, language and
// Discover area cookies are the exception: theme.ts and languages.ts are in every page's first load (the layout
// chunk, ADR 041), discover-area.ts in Discover's, and importing this from them would add it there (+0.1 KB gzip on
// every route, +0.3 KB on Discover, measured).

/** How long a visitor's choice (units, city, video playback) is kept. */
export const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

interface CookieOptions {
  maxAge: number;
  /** Kept from scripts: the session and the D1 bookmark. */
  httpOnly?: boolean;
  /** Sent over HTTPS only (everywhere but local development). */
  secure?: boolean;
}

/** A Set-Cookie value of the app's: for the whole site, and sent on a link followed from elsewhere (Lax). */
export function setCookie(
  name: string,
  value: string,
  { maxAge, httpOnly = false, secure = false }: CookieOptions,
) {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}${httpOnly ? "; HttpOnly" : ""}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
