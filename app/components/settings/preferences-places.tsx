import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { DISTANCE_UNITS, type DistanceUnit, HOME_CITIES, type HomeCity } from "~/lib/rules/options";
import { ChoiceButtons } from "./preferences-choice";
import { usePreferences } from "./preferences-display";

const UNIT_LABELS: Record<DistanceUnit, string> = { km: msg("Kilometres"), mi: msg("Miles") };
const CITY_LABELS: Record<HomeCity, string> = {
  bangalore: msg("Bangalore"),
  delhi: msg("Delhi"),
  location: msg("Use my location"),
};

/** Settings > Preferences: distance units and the default city (the profile when signed in, else cookies). */
export function PlacePreferences() {
  const t = useT();
  const { units, homeCity } = usePreferences();
  return (
    <>
      <ChoiceButtons
        action="/settings?index"
        label={t("Distance units")}
        name="units"
        options={DISTANCE_UNITS.map((value) => ({ value, label: t(UNIT_LABELS[value]) }))}
        current={units}
      />
      <ChoiceButtons
        action="/settings?index"
        label={t("Default city")}
        hint={t("Where Discover and Feeling Hungry start when your location is not known.")}
        name="home_city"
        options={HOME_CITIES.map((value) => ({ value, label: t(CITY_LABELS[value]) }))}
        current={homeCity}
      />
    </>
  );
}
