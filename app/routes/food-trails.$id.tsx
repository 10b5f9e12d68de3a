import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { EyeOff, Footprints, Lock, MapPin, Store } from "lucide-react";
import { lazy, useState } from "react";
import { planStops, type TrailStallInfo, trailTimeZone } from "~/components/food-trail/plan-stall";
import { StartTimePicker } from "~/components/food-trail/start-time-picker";
import { StartWalking, TrailActions, TrailExports } from "~/components/food-trail/trail-actions";
import { TrailByline } from "~/components/food-trail/trail-byline";
import { TrailStop } from "~/components/food-trail/trail-stop";
import { fromWallTime, toWallTime } from "~/components/food-trail/zoned-time";
import { TitledSection } from "~/components/layout/titled-section";
import { ClientMap } from "~/components/map/client-map";
import { ThingError } from "~/components/page/message-page";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useT } from "~/components/use-t";
import { readFormData } from "~/lib/http/form-data.server";
import { linkPreviewMeta } from "~/lib/http/link-preview";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { CONFIRM_EMAIL_FIRST, mayContribute } from "~/lib/rules/contributor";
import { trailEstimate } from "~/lib/rules/trail-estimate";
import { trailIdSchema } from "~/lib/schemas/food-trail";
import { trailReportSchema } from "~/lib/schemas/moderation";
import { deleteTrail, forkTrail, getTrail, setTrailSaved } from "~/models/food-trail/food-trail.server";
import { ModelError } from "~/models/model-error";
import { reportTrail } from "~/models/report/report.server";
import { answerFormOnce, done, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

const TrailMap = lazy(() => import("~/components/map/trail-map.client"));

const notFound = () => data("Trail not found", { status: 404 });

export const TRAIL_REPORT_SENT = msg("Thanks! A moderator will look at your report.");
export const TRAIL_ALREADY_REPORTED = msg(
  "You have reported this trail already. A moderator will look at it.",
);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = trailIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const { db, origin } = context;
  const viewer = await context.viewer();
  const now = new Date();
  const trail = await getTrail(db, viewer?.id ?? null, id.data, now);
  if (!trail) throw notFound();
  // The stops' hours, so the start-time picker can move arrival times and open-on-arrival in the browser.
  const stalls: Record<string, TrailStallInfo> = Object.fromEntries(
    trail.stops.map((stop) => [stop.stall.id, stop.stall]),
  );
  return {
    trail,
    stalls,
    now: now.toISOString(),
    origin,
    cover: absoluteImageUrl(origin, trail.cover_image),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  if (!loaded) return [{ title: pageTitle(t("Trail not found")) }];
  const { trail, origin, cover } = loaded;
  const stops = trail.stops.map((stop, index) => `${index + 1}. ${stop.stall.name}`).join(" · ");
  const estimate = trailEstimate(trail.estimate_minutes, { generatedThreeStops: false });
  const description = t("{count, plural, one {# stop} other {# stops}} in {area}: {stops}. {estimate}.", {
    count: trail.stops.length,
    area: trail.area,
    stops,
    estimate: t(estimate.message, estimate.values),
  });
  return linkPreviewMeta({
    title: pageTitle(trail.title, t("Food Trails")),
    heading: trail.title,
    description,
    type: "article",
    url: `${origin}/food-trails/${trail.id}`,
    image: cover,
    twitter: cover ? "summary_large_image" : "summary",
  });
};

export const ErrorBoundary = () => (
  <ThingError
    title={msg("Trail not found")}
    text={msg("This trail does not exist, or it is private.")}
    next={{ to: "/food-trails", label: msg("See all Food Trails") }}
  />
);

/** Save (a toggle), Fork (then edit the copy), Delete (author only) and Report (someone else's community trail, once
 * per idempotency key: one per fill of the dialog's form). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = trailIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const { db } = context;
  const form = await readFormData(request);
  try {
    switch (form.get("intent")) {
      case "save": {
        const saved = form.get("saved") === "true";
        await setTrailSaved(db, context.kv, viewer.id, id.data, saved);
        return done(null);
      }
      case "fork": {
        const fork = await forkTrail(db, viewer.id, id.data);
        return redirect(`/food-trails/${fork.id}/edit`);
      }
      case "delete":
        await deleteTrail(db, viewer.id, id.data);
        return redirect("/food-trails");
      case "report": {
        if (!mayContribute(viewer)) return refusal(new ModelError(403, CONFIRM_EMAIL_FIRST));
        const trailId = id.data;
        const once = { userId: viewer.id, scope: `POST /food-trails/${trailId} report`, formData: form };
        return answerFormOnce(db, once, trailReportSchema, async (value, submission) => {
          const { created } = await reportTrail(context, viewer.id, trailId, value);
          return done(
            created ? TRAIL_REPORT_SENT : TRAIL_ALREADY_REPORTED,
            submission.reply({ resetForm: true }),
          );
        });
      }
      default:
        return data(done(null), { status: 400 });
    }
  } catch (error) {
    return refusal(error);
  }
}

export default function FoodTrailPage() {
  const { trail, stalls, now } = useLoaderData<typeof loader>();
  const t = useT();
  const formatDistance = useFormatDistance();
  const known = trail.stops.flatMap((stop) => {
    const stall = stalls[stop.stall.id];
    return stall ? [{ stall, note: stop.note }] : [];
  });
  const timeZone = trailTimeZone(known.map((stop) => stop.stall));
  const [startWall, setStartWall] = useState(() =>
    trail.start ? toWallTime(new Date(trail.start), timeZone) : "",
  );
  const start = (startWall && fromWallTime(startWall, timeZone)) || new Date(now);
  const plan = planStops(
    known.map((stop) => stop.stall),
    start,
  );
  const estimate = trailEstimate(plan.totalMinutes, { generatedThreeStops: false });

  return (
    <article className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/food-trails" className="font-semibold text-primary-strong underline">
            {t("Food Trails")}
          </Link>
        </p>
        <h1 className="font-extrabold text-3xl">{trail.title}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-muted text-sm">
          <TrailByline trail={trail} />
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4 text-primary" /> {trail.area}
          </span>
          {trail.visibility === "private" ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs">
              <Lock aria-hidden="true" className="size-3" /> {t("Private: only you can see it")}
            </span>
          ) : null}
        </p>
        {trail.description ? (
          <p className="whitespace-pre-line leading-relaxed">{trail.description}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 font-semibold">
          <span className="inline-flex items-center gap-1">
            <Store aria-hidden="true" className="size-4 text-primary" />
            {t("{count, plural, one {# stop} other {# stops}}", { count: plan.stops.length })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Footprints aria-hidden="true" className="size-4 text-primary" />
            {t("{distance} walking", { distance: formatDistance(plan.walkingKm) })}
          </span>
          <span>{t(estimate.message, estimate.values)}</span>
        </p>
        <TrailActions
          trailId={trail.id}
          title={trail.title}
          stopNames={known.map((stop) => stop.stall.name)}
          saved={trail.saved}
          saves={trail.saves}
          editable={trail.editable}
          reportable={!trail.editable && !trail.curated && trail.visibility === "public"}
        />
      </header>

      {trail.hidden_reason !== null ? (
        <TitledSection
          id="hidden-trail"
          title={
            <>
              <EyeOff aria-hidden="true" className="size-4" /> {t("Hidden by a moderator")}
            </>
          }
          className="rounded-xl border border-closed bg-surface p-4 text-sm"
          titleClassName="flex items-center gap-2 font-semibold text-closed"
        >
          <p className="mt-1 whitespace-pre-line">{t("Reason: {reason}", { reason: trail.hidden_reason })}</p>
          <p className="mt-1 text-ink-muted">
            {t("Only you can see this trail now: it is gone from every list and its link finds nothing.")}
          </p>
        </TitledSection>
      ) : null}

      {trail.editable && trail.dropped.length > 0 ? <DroppedNotes dropped={trail.dropped} /> : null}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-5">
        <TitledSection
          id="stops"
          title={t("Stops")}
          className="space-y-4 md:col-span-3"
          titleClassName="font-bold text-xl"
        >
          <StartTimePicker value={startWall} onChange={setStartWall} />
          {plan.stops.length > 0 && plan.stops.every((stop) => stop.openOnArrival === "closed") ? (
            <p role="status" className="rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
              {t("None of these stalls is open when you would get there: try another start time.")}
            </p>
          ) : null}
          <ol className="space-y-3" aria-labelledby="stops">
            {plan.stops.map((stop, index) => (
              <TrailStop
                key={stop.stall.id}
                number={index + 1}
                stall={stop.stall}
                timing={stop}
                timeZone={timeZone}
                note={known[index]?.note}
              />
            ))}
          </ol>
        </TitledSection>
        <aside className="space-y-4 md:col-span-2">
          <h2 className="sr-only">{t("Map and directions")}</h2>
          <div className="md:sticky md:top-20">
            {/* Below the stops on a phone: Leaflet loads as the map comes near the screen (ADR 043). */}
            <ClientMap height={320} whenVisible>
              <TrailMap
                height={320}
                stops={plan.stops.map(({ stall }) => ({
                  id: stall.id,
                  name: stall.name,
                  lat: stall.latitude,
                  lng: stall.longitude,
                }))}
              />
            </ClientMap>
            <div className="mt-4 space-y-4">
              <StartWalking stops={plan.stops.map(({ stall }) => stall.position)} />
              <TrailExports trailId={trail.id} />
            </div>
          </div>
        </aside>
      </div>
    </article>
  );
}

function DroppedNotes({ dropped }: { dropped: { stall: { id: string; name: string }; reason: string }[] }) {
  const t = useT();
  return (
    <TitledSection
      id="dropped"
      title={t("Left out of this trail")}
      className="rounded-xl bg-amber-100 p-4 text-amber-950"
      titleClassName="font-semibold"
    >
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {dropped.map(({ stall, reason }) => (
          <li key={stall.id}>
            {reason === "removed"
              ? t("{name} is no longer on Nukkad.", { name: stall.name })
              : t("{name} closes before you get there.", { name: stall.name })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t("Only you see this note. Edit the trail to change its stops.")}</p>
    </TitledSection>
  );
}
