// The page's colours: the theme cookie's choice applied to <html>, and with "system" the device's scheme, followed live.
import type { Theme } from "~/lib/http/theme";

export const DARK_QUERY = "(prefers-color-scheme: dark)";
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
