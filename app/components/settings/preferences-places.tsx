import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { DistanceUnit, HomeCity } from "~/lib/rules/options";
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
      <ChoiceButtons label={t("Distance units")} name="units" labels={UNIT_LABELS} current={units} />
      <ChoiceButtons
        label={t("Default city")}
        hint={t("Where Discover and Feeling Hungry start when your location is not known.")}
        name="home_city"
        labels={CITY_LABELS}
        current={homeCity}
      />
    </>
  );
}
