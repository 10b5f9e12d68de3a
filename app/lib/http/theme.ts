// The colour theme is a cookie, read during SSR, so the first paint already has the right colours. "system" follows
// the device's prefers-color-scheme, which the server cannot see: the page decides it before painting
// (ThemeHead in app/components/layout/theme.tsx).
import { cookieValue } from "./cookie";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The theme as the root loader gives it to every page: `useRouteLoaderData<ThemeData>("root")`. */
export interface ThemeData {
  theme: Theme;
}

export const THEME_COOKIE = "nukkad-theme";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function themeFromCookieHeader(cookieHeader: string | null): Theme {
  return parseTheme(cookieValue(cookieHeader, THEME_COOKIE)) ?? "light";
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function parseTheme(value: unknown): Theme | null {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value) ? (value as Theme) : null;
}
