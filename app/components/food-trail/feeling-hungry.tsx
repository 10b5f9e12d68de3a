import { Link, useRouteLoaderData } from "@remix-run/react";
import { Dices, Footprints, LocateFixed, Save, Shuffle, Utensils } from "lucide-react";
import { lazy, useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { ClientMap } from "~/components/map/client-map";
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { useFormatDistance, useHomeCentre, usePreferences } from "~/components/settings/preferences-display";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { knownLocationNow, useKnownLocation } from "~/lib/client/use-known-location";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import { trailEstimate } from "~/lib/rules/trail-estimate";
import { GENERATE_DEFAULT_STOPS } from "~/lib/rules/trail-limits";
import { DWELL_MINUTES, WALKING_KMH } from "~/lib/rules/walking";
import type { GeneratedTrailView } from "~/lib/schemas/food-trail";
import { PickStartTime, WalkLater, WalkStart } from "./walk-later";

const TrailMap = lazy(() => import("~/components/map/trail-map.client"));

const GENERATE_FAILED = msg("Could not make a trail just now. Please try again.");

/** Where a trail starts without the visitor's position: their default city (Settings), else New Delhi. */
const DEFAULT_START_TEXT = {
  delhi: {
    note: msg("Your location is not known, so this trail starts in New Delhi."),
    firstLeg: msg("{distance} from the centre of New Delhi"),
  },
  bangalore: {
    note: msg("Your location is not known, so this trail starts in Bangalore."),
    firstLeg: msg("{distance} from the centre of Bangalore"),
  },
} as const;

type Generator =
  | { state: "idle" }
  | { state: "loading"; previous: GeneratedTrailView | null }
  | { state: "error"; message: string; previous: GeneratedTrailView | null }
  | { state: "done"; trail: GeneratedTrailView; from: LatLng; usedDefault: boolean };

/** Home's Feeling Hungry section: a walk through three open stalls near the visitor, built by the server. */
export function FeelingHungry() {
  const t = useT();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("root")?.viewer);
  const knownLocation = useKnownLocation();
  const [asked, setAsked] = useState<LatLng | null>(null);
  const { locating, locate } = useLocateVisitor();
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [generator, setGenerator] = useState<Generator>({ state: "idle" });
  // When the walk shown was planned to start; null is "now", read again at each press.
  const [startAt, setStartAt] = useState<Date | null>(null);
  const homeCentre = useHomeCentre();
  const startText = DEFAULT_START_TEXT[usePreferences().homeCity === "bangalore" ? "bangalore" : "delhi"];
  const shown =
    generator.state === "done" ? generator.trail : "previous" in generator ? generator.previous : null;

  const generate = async (from: LatLng | null, exclude: string[], at: Date | null = startAt) => {
    setGenerator({ state: "loading", previous: shown });
    // Pressed before the allowed position arrived: wait for it rather than start the walk in the default city.
    const start = from ?? (await knownLocationNow());
    const here = start ?? homeCentre ?? DEFAULT_LOCATION;
    const response = await fetch("/api/trails/generate", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // The walk starts now on the visitor's clock (or at the time planned): what is open on arrival follows from it.
      body: JSON.stringify({
        lat: here.lat,
        lng: here.lng,
        count: GENERATE_DEFAULT_STOPS,
        exclude,
        start: (at ?? new Date()).toISOString(),
      }),
    }).catch(() => null);
    if (!response?.ok) {
      const answer = (await response?.json().catch(() => null)) as { error?: string } | null;
      setGenerator({ state: "error", message: answer?.error ?? GENERATE_FAILED, previous: shown });
      return;
    }
    const trail = (await response.json()) as GeneratedTrailView;
    setStartAt(at);
    setGenerator({ state: "done", trail, from: here, usedDefault: start === null || trail.default_location });
  };

  const from = asked ?? knownLocation;
  const generateFromMyLocation = async () => {
    const found = await locate();
    setLocationMessage(found.ok ? null : found.message);
    if (found.ok) {
      setAsked(found.position);
      await generate(found.position, []);
    }
  };
  const loading = generator.state === "loading";
  const planAt = (at: Date | null) => void generate(from, [], at);
  const stallIds = shown?.stops.map((stop) => stop.stall.id) ?? [];
  const newTrailUrl = `/food-trails/new?stalls=${stallIds.join(",")}`;

  return (
    <section aria-labelledby="feeling-hungry" className="rounded-2xl border border-border bg-surface p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="feeling-hungry" className="flex items-center gap-2 font-bold text-2xl">
            <Utensils aria-hidden="true" className="size-6 text-primary" /> {t("Feeling Hungry?")}
          </h2>
          <p className="mt-1 text-ink-muted">
            {t("Three stalls close together, open when you get there, in a walking order.")}
          </p>
        </div>
        {shown ? null : (
          <PendingButton
            pending={loading}
            pendingLabel={t("Generating Trail...")}
            icon={<Dices aria-hidden="true" className="size-5" />}
            onClick={() => void generate(from, [])}
            className="inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground hover:bg-primary-strong disabled:opacity-70"
          >
            {t("Generate Food Trail")}
          </PendingButton>
        )}
      </div>

      {generator.state === "error" ? (
        <p role="alert" className="mt-4 text-closed">
          {t(generator.message)}
        </p>
      ) : null}

      {shown ? (
        <div className="mt-6" aria-busy={loading}>
          {generator.state === "done" && generator.usedDefault ? (
            <div
              role="status"
              className="mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm"
            >
              <p>{t(startText.note)}</p>
              <PendingButton
                pending={locating}
                pendingLabel={t("Getting Location...")}
                icon={<LocateFixed aria-hidden="true" className="size-4" />}
                onClick={() => void generateFromMyLocation()}
                className="inline-flex items-center gap-1 rounded-full border border-amber-900 px-3 py-1 font-semibold"
              >
                {t("Use My Location")}
              </PendingButton>
              {locationMessage ? <p role="alert">{t(locationMessage)}</p> : null}
            </div>
          ) : null}
          {shown.stops.length > 0 ? <WalkStart trail={shown} planned={startAt !== null} /> : null}
          <GeneratedTrail
            trail={shown}
            from={generator.state === "done" ? generator.from : null}
            fromDefault={generator.state === "done" && generator.usedDefault}
            firstLegText={startText.firstLeg}
          />
          <WalkLater trail={shown} planned={startAt !== null} pending={loading} onPlan={planAt} />
          <div className="mt-4 flex flex-wrap gap-2">
            {shown.stops.length >= 2 ? (
              <Link
                to={signedIn ? newTrailUrl : `/auth?redirectTo=${encodeURIComponent(newTrailUrl)}`}
                className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
              >
                <Save aria-hidden="true" className="size-4" />
                {signedIn ? t("Save this trail") : t("Sign in to save this trail")}
              </Link>
            ) : null}
            {/* With nothing open, another try could only say so again. */}
            {shown.stops.length > 0 ? (
              <PendingButton
                pending={loading}
                pendingLabel={t("Generating Trail...")}
                icon={<Shuffle aria-hidden="true" className="size-4" />}
                onClick={() => void generate(from, stallIds)}
                className="inline-flex items-center gap-2 rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong disabled:opacity-70"
              >
                {t("Try another")}
              </PendingButton>
            ) : null}
            <Link
              to="/food-trails"
              className="self-center font-semibold text-primary-strong text-sm underline"
            >
              {t("See all Food Trails")}
            </Link>
          </div>
          <PickStartTime trail={shown} pending={loading} onPlan={planAt} />
        </div>
      ) : null}
    </section>
  );
}

function GeneratedTrail({
  trail,
  from,
  fromDefault,
  firstLegText,
}: {
  trail: GeneratedTrailView;
  from: LatLng | null;
  /** The walk was planned from the default location, not from the visitor. */
  fromDefault: boolean;
  /** How far the first stop is from that default location. */
  firstLegText: string;
}) {
  const t = useT();
  const label = useLabel();
  const formatDistance = useFormatDistance();
  if (trail.stops.length === 0) return null;
  const estimate = trailEstimate(trail.estimate_minutes, {
    generatedThreeStops: trail.stops.length === GENERATE_DEFAULT_STOPS,
  });
  const startsAtWalker = trail.stops[0]?.leg_km !== null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <ol className="space-y-2" aria-label={t("Your food trail")}>
          {trail.stops.map((stop, index) => (
            <li key={stop.stall.id} className="flex items-start gap-3 rounded-xl bg-surface-muted p-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground text-sm"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <Link to={`/stall/${stop.stall.id}`} className="font-semibold hover:underline">
                  {stop.stall.name}
                </Link>
                <p className="text-ink-muted text-sm">
                  {stop.leg_km === null
                    ? t("First stop")
                    : index === 0
                      ? fromDefault
                        ? t(firstLegText, { distance: formatDistance(stop.leg_km) })
                        : t("{distance} from you", { distance: formatDistance(stop.leg_km) })
                      : t("{distance} from the previous stop", { distance: formatDistance(stop.leg_km) })}
                  {" · "}
                  {label(stop.stall.category)}
                </p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-3 flex items-center gap-2 font-semibold">
          <Footprints aria-hidden="true" className="size-5 text-primary" />
          <span>{t(estimate.message, estimate.values)}</span>
          <span className="font-normal text-ink-muted text-sm">
            {t("{minutes} min walking ({distance} at {speed} km/h) and {dwell} min at each stop", {
              minutes: trail.stops.reduce((sum, stop) => sum + (stop.leg_minutes ?? 0), 0),
              distance: formatDistance(trail.walking_km),
              speed: WALKING_KMH,
              dwell: DWELL_MINUTES,
            })}
          </span>
        </p>
      </div>
      <ClientMap height={240}>
        <TrailMap
          height={240}
          from={startsAtWalker ? from : null}
          stops={trail.stops.map((stop) => ({
            id: stop.stall.id,
            name: stop.stall.name,
            lat: stop.stall.latitude,
            lng: stop.stall.longitude,
          }))}
        />
      </ClientMap>
    </div>
  );
}
