// The app's own cookies (theme, language, units, city, Discover's area, video playback, the D1 bookmark) are each
// read from the request's Cookie header by name, here; set-cookie.ts writes them.

/** The value the Cookie header holds for `name`, as sent; undefined when it holds none. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  return cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
}
