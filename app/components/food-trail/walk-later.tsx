import { CalendarClock, Clock } from "lucide-react";
import { useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { NEAREST_OPEN_MAX_KM, WALK_REACH_KM } from "~/lib/rules/trail-walkable";
import type { GeneratedTrailView } from "~/lib/schemas/food-trail";
import { StartTimePicker } from "./start-time-picker";
import { dayFrom, formatArrival, fromWallTime, toWallTime } from "./zoned-time";

// Feeling Hungry when few stalls are open (issue 34): the walk's start shown on the stalls' clock, the next time
// enough stalls near the walker are open offered as a button, another time to pick, and, with nothing in reach,
// why and how far the nearest open stalls are.

const STARTS = {
  today: msg("Starts at {time} today"),
  tomorrow: msg("Starts at {time} tomorrow"),
  later: msg("Starts on {day} at {time}"),
};
const PLAN_FOR = {
  today: msg("Plan it for {time} today"),
  tomorrow: msg("Plan it for {time} tomorrow"),
  later: msg("Plan it for {day} at {time}"),
};

/** "Starts at 7:00 pm today" or "Plan it for Thursday at 7:00 pm", on the stalls' clock. */
function useWhenText() {
  const t = useT();
  const locale = useLocale();
  return (texts: typeof STARTS, at: Date, timeZone: string) => {
    const day = dayFrom(at, new Date(), locale, timeZone);
    const time = formatArrival(at, locale, timeZone);
    return day.kind === "later" ? t(texts.later, { day: day.day, time }) : t(texts[day.kind], { time });
  };
}

/** When the walk shown starts: now, or the time it was planned for. */
export function WalkStart({ trail, planned }: { trail: GeneratedTrailView; planned: boolean }) {
  const t = useT();
  const whenText = useWhenText();
  return (
    <p className="mb-3 flex items-center gap-2 font-semibold text-sm">
      <Clock aria-hidden="true" className="size-4 text-primary" />
      {planned ? whenText(STARTS, new Date(trail.start), trail.time_zone) : t("Starts now")}
    </p>
  );
}

/**
 * Too few stalls open for a walk at the start asked: the next time enough are (a button that plans it), or why
 * there is none near, with the distance to the nearest open stalls.
 */
export function WalkLater({
  trail,
  planned,
  pending,
  onPlan,
}: {
  trail: GeneratedTrailView;
  planned: boolean;
  pending: boolean;
  onPlan: (start: Date) => void;
}) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const whenText = useWhenText();
  if (trail.stops.length >= 2) return null;
  const nextStart = trail.next_start ? new Date(trail.next_start) : null;
  return (
    <div role="status" className="space-y-2">
      {trail.stops.length === 0 ? (
        <p className="text-ink-muted">
          {planned
            ? t("No stalls near here are open for a walk at that time.")
            : t("No stalls near here are open for a walk right now.")}
        </p>
      ) : null}
      {nextStart ? (
        <PendingButton
          pending={pending}
          pendingLabel={t("Generating Trail...")}
          icon={<CalendarClock aria-hidden="true" className="size-4" />}
          onClick={() => onPlan(nextStart)}
          className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground disabled:opacity-70"
        >
          {whenText(PLAN_FOR, nextStart, trail.time_zone)}
        </PendingButton>
      ) : (
        <>
          <p>
            {trail.stalls_in_reach === 0
              ? t("No stalls on Nukkad are within walking distance ({distance}) of here.", {
                  distance: formatDistance(WALK_REACH_KM),
                })
              : t("The stalls near here are not open at any time in the coming week.")}
          </p>
          <p>
            {trail.nearest_open_km !== null
              ? t("The nearest open stalls are {distance} away.", {
                  distance: formatDistance(trail.nearest_open_km),
                })
              : planned
                ? t("No stall within {distance} of here is open at that time.", {
                    distance: formatDistance(NEAREST_OPEN_MAX_KM),
                  })
                : t("No stall within {distance} of here is open right now.", {
                    distance: formatDistance(NEAREST_OPEN_MAX_KM),
                  })}
          </p>
        </>
      )}
    </div>
  );
}

/** Another start for the walk, on the stalls' clock; "Now" plans it from now again. */
export function PickStartTime({
  trail,
  pending,
  onPlan,
}: {
  trail: GeneratedTrailView;
  pending: boolean;
  onPlan: (start: Date | null) => void;
}) {
  const t = useT();
  // Opens on the time offered (or the one shown); the picker's "Now" empties it.
  const [wall, setWall] = useState(() =>
    toWallTime(new Date(trail.next_start ?? trail.start), trail.time_zone),
  );
  return (
    <details className="mt-4 rounded-xl border border-border p-3">
      <summary className="cursor-pointer font-semibold text-sm">{t("Pick another time")}</summary>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <StartTimePicker value={wall} onChange={setWall} />
        <PendingButton
          pending={pending}
          pendingLabel={t("Generating Trail...")}
          onClick={() => onPlan(wall ? fromWallTime(wall, trail.time_zone) : null)}
          className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong text-sm disabled:opacity-70"
        >
          {t("Plan for this time")}
        </PendingButton>
      </div>
    </details>
  );
}
