import { useEffect } from "react";
import type { Theme } from "~/lib/http/theme";
import { DARK_QUERY } from "./theme";

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
