import { useLocation } from "@remix-run/react";
import { useT } from "~/components/use-t";
import type { Theme } from "~/lib/http/theme";
import { msg } from "~/lib/i18n/translate";
import { ChoiceButtons } from "./preferences-choice";

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
