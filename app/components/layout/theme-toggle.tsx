import { useFetcher, useLocation } from "@remix-run/react";
import { Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useT } from "~/components/use-t";
import type { Theme } from "~/lib/http/theme";
import { DARK_QUERY } from "./theme";

/** The header's moon or sun: a form posting the other theme to /theme, which sets the cookie and comes back here. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const location = useLocation();
  // Optimistic: the submitted value wins until the cookie round trip is done.
  const current = (fetcher.formData?.get("theme") as Theme | null) ?? theme;
  // Under "system" the button turns what is showing around: a device in dark mode is offered light.
  const dark = useShowingDark(current);
  const next: Theme = dark ? "light" : "dark";
  const t = useT();
  return (
    <fetcher.Form method="post" action="/theme">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
        aria-label={next === "dark" ? t("Switch to dark mode") : t("Switch to light mode")}
      >
        {dark ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
    </fetcher.Form>
  );
}

function watchScheme(onChange: () => void) {
  const scheme = window.matchMedia(DARK_QUERY);
  scheme.addEventListener("change", onChange);
  return () => scheme.removeEventListener("change", onChange);
}

/** Whether the page shows dark colours: the theme chosen, or with "system" the device's scheme (light on the server,
 * which cannot see it; the browser's own answer from hydration on). */
function useShowingDark(theme: Theme): boolean {
  const deviceDark = useSyncExternalStore(
    watchScheme,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  return theme === "system" ? deviceDark : theme === "dark";
}
