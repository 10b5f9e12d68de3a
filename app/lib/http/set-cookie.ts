// The app's cookies are written here, with the same attributes; cookie.ts reads them. The theme and language
// cookies are the exception: theme.ts and languages.ts are in every page's first load (the layout chunk, ADR 041),
// and importing this from them would put it there too (+0.1 KB gzip on every route, measured).

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
