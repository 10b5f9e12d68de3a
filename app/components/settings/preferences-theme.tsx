import { useLocation } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { useT } from "~/components/use-t";
import type { Theme } from "~/lib/http/theme";
import { msg } from "~/lib/i18n/translate";
import { ChoiceButtons } from "./preferences-choice";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const THEME_COLOURS = { light: "#c2410c", dark: "#1a120c" } as const;

/**
 * The head's part of the theme. With "system" the server cannot know the device's scheme, so this inline script
 * (nonce'd, so the CSP runs it) sets the class before the body is painted: no flash of the wrong colours.
 */
export function ThemeHead({ theme, nonce }: { theme: Theme; nonce?: string }) {
  if (theme !== "system") return <meta name="theme-color" content={THEME_COLOURS[theme]} />;
  return (
    <>
      <meta name="theme-color" media={DARK_QUERY} content={THEME_COLOURS.dark} />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLOURS.light} />
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no outside text in it.
        dangerouslySetInnerHTML={{
          __html: `document.documentElement.classList.toggle("dark",matchMedia(${JSON.stringify(DARK_QUERY)}).matches)`,
        }}
      />
    </>
  );
}

/**
 * Keeps <html>'s class on the theme once the page runs: a theme chosen without reloading, and with "system" every
 * change of the device's scheme (a phone turning dark at sunset) while the page is open.
 */
export function ThemeSync({ theme }: { theme: Theme }) {
  useEffect(() => {
    const root = document.documentElement;
    if (theme !== "system") {
      root.classList.toggle("dark", theme === "dark");
      return;
    }
    const scheme = window.matchMedia(DARK_QUERY);
    const follow = () => root.classList.toggle("dark", scheme.matches);
    follow();
    scheme.addEventListener("change", follow);
    return () => scheme.removeEventListener("change", follow);
  }, [theme]);
  return null;
}

function watchScheme(onChange: () => void) {
  const scheme = window.matchMedia(DARK_QUERY);
  scheme.addEventListener("change", onChange);
  return () => scheme.removeEventListener("change", onChange);
}

/** Whether the page shows dark colours: the theme chosen, or with "system" the device's scheme (light on the server,
 * which cannot see it; the browser's own answer from hydration on). */
export function useShowingDark(theme: Theme): boolean {
  const deviceDark = useSyncExternalStore(
    watchScheme,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  return theme === "system" ? deviceDark : theme === "dark";
}

const THEME_LABELS: Record<Theme, string> = {
  light: msg("Light"),
  dark: msg("Dark"),
  system: msg("System"),
};

/** Settings > Preferences > Dark Mode, the spec's label, over the three-way choice: posts to /theme (the cookie the
 * header's moon button sets too). */
export function ThemePreference({ theme }: { theme: Theme }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <ChoiceButtons
      action="/theme"
      label={t("Dark Mode")}
      hint={t("System follows your device's light or dark setting.")}
      name="theme"
      labels={THEME_LABELS}
      current={theme}
      hidden={{ redirectTo: `${pathname}${search}` }}
    />
  );
}
