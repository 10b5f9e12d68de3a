// The app's own cookies (theme, language, units, city, Discover's area, video playback, the D1 bookmark): each is
// read from the request's Cookie header by its name, and the preferences among them are written the same way.

/** The value the Cookie header holds for `name`, as sent; undefined when it holds none. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  return cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
}

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** A preference kept in the browser for the whole site (a year, unless `maxAgeSeconds`): pages read it on SSR. */
export function preferenceCookie(
  name: string,
  value: string,
  { secure = false, maxAgeSeconds = ONE_YEAR_SECONDS }: { secure?: boolean; maxAgeSeconds?: number } = {},
): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
