// Units and the default city are cookies for visitors and profile columns for signed-in people (like the
// language, ADR 019): chosen once per request (RequestContext.preferences), the profile first, then the cookie.
import { cookieValue } from "~/lib/http/cookie";
import { ONE_YEAR_SECONDS, setCookie } from "~/lib/http/set-cookie";
import type { LatLng } from "~/lib/rules/geo";
import { DISTANCE_UNITS, type DistanceUnit, HOME_CITIES, type HomeCity } from "~/lib/rules/options";

export const UNITS_COOKIE = "nukkad-units";
export const HOME_CITY_COOKIE = "nukkad-city";

/** What changes how pages show places: the root loader hands it to every page. */
export interface DisplayPreferences {
  units: DistanceUnit;
  /** Where Discover and the trail generator start without a known position; null: the app's default. */
  homeCity: HomeCity | null;
}

export const DEFAULT_PREFERENCES: DisplayPreferences = { units: "km", homeCity: null };

function oneOf<T extends string>(options: readonly T[], value: unknown): T | null {
  return typeof value === "string" && (options as readonly string[]).includes(value) ? (value as T) : null;
}

/** The request's preferences: the profile's (signed in), else this browser's cookies, else the defaults. */
export function choosePreferences(choice: {
  setting: DisplayPreferences | null;
  cookieHeader: string | null;
}): DisplayPreferences {
  if (choice.setting) {
    return {
      units: choice.setting.units,
      homeCity:
        choice.setting.homeCity ?? oneOf(HOME_CITIES, cookieValue(choice.cookieHeader, HOME_CITY_COOKIE)),
    };
  }
  return {
    units: oneOf(DISTANCE_UNITS, cookieValue(choice.cookieHeader, UNITS_COOKIE)) ?? DEFAULT_PREFERENCES.units,
    homeCity: oneOf(HOME_CITIES, cookieValue(choice.cookieHeader, HOME_CITY_COOKIE)),
  };
}

export const unitsCookie = (units: DistanceUnit, secure: boolean) =>
  setCookie(UNITS_COOKIE, units, { maxAge: ONE_YEAR_SECONDS, secure });
export const homeCityCookie = (city: HomeCity, secure: boolean) =>
  setCookie(HOME_CITY_COOKIE, city, { maxAge: ONE_YEAR_SECONDS, secure });

/** The middle of each city Discover and the trail generator may start from (the seed's stalls are around them). */
export const HOME_CITY_CENTRES: Record<Exclude<HomeCity, "location">, LatLng> = {
  bangalore: { lat: 12.9716, lng: 77.5946 },
  delhi: { lat: 28.6139, lng: 77.209 },
};

/** Where a person starts when their position is not known: their city's middle, or null for the app's default. */
export function homeCityCentre(city: HomeCity | null): LatLng | null {
  return city === "bangalore" || city === "delhi" ? HOME_CITY_CENTRES[city] : null;
}
