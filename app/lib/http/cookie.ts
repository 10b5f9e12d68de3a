// The app's own cookies (theme, language, units, city, Discover's area, video playback, the D1 bookmark, the session)
// are each read from the request's Cookie header by name, and written with the same attributes, here.

/** How long a visitor's choice (theme, language, units, city, video playback) is kept. */
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

/** The value the Cookie header holds for `name`, as sent; undefined when it holds none. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  return cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
}
