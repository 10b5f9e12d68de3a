// The colour theme is a cookie, read during SSR, so the first paint already has the right colours.

export type Theme = "light" | "dark";

/** The theme as the root loader gives it to every page: `useRouteLoaderData<ThemeData>("root")`. */
export interface ThemeData {
  theme: Theme;
}

export const THEME_COOKIE = "nukkad-theme";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function themeFromCookieHeader(cookieHeader: string | null): Theme {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)`));
  return match?.[1] === "dark" ? "dark" : "light";
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function parseTheme(value: unknown): Theme | null {
  return value === "light" || value === "dark" ? value : null;
}
