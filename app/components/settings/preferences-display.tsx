import { useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { useLocale } from "~/components/use-locale";
import { DEFAULT_PREFERENCES, type DisplayPreferences, homeCityCentre } from "~/lib/http/preferences";
import { formatDistance, type LatLng } from "~/lib/rules/geo";

/** Units and default city as the root loader chose them for this request (profile, else cookies). */
export function usePreferences(): DisplayPreferences {
  return useRouteLoaderData<{ preferences: DisplayPreferences }>("root")?.preferences ?? DEFAULT_PREFERENCES;
}

/** Writes a distance in the person's unit and the page's locale: `formatDistance(1.3)` is "1.3 km" or "0.8 mi". */
export function useFormatDistance(): (km: number) => string {
  const { units } = usePreferences();
  const locale = useLocale();
  return useCallback((km: number) => formatDistance(km, units, locale), [units, locale]);
}

/** The middle of the person's default city, or null (none chosen, or "use my location"). */
export function useHomeCentre(): LatLng | null {
  return homeCityCentre(usePreferences().homeCity);
}
