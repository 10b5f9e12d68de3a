import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { MakeTrailFromBookmarks } from "~/components/food-trail/make-trail-from-bookmarks";
import { answerUnansweredPosts } from "~/components/form/answer-unanswered-posts";
import { PageTitle } from "~/components/layout/page-shell";
import { StatTiles } from "~/components/layout/stat-tiles";
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { UseMyLocationButton } from "~/components/map/use-my-location-button";
import { BOOKMARK_FAILED } from "~/components/stall/bookmark-button";
import { TrailCard } from "~/components/trail/trail-card";
import { useT } from "~/components/use-t";
import { useKnownLocation } from "~/lib/client/use-known-location";
import { readFormData } from "~/lib/http/form-data.server";
import { pageTitle } from "~/lib/i18n/page-meta";
import { pageMeta } from "~/lib/i18n/route-meta";
import type { LatLng } from "~/lib/rules/geo";
import { readTrailSort, sortTrail, TRAIL_SORTS, trailCounts } from "~/lib/rules/trail";
import { favouriteUpdateSchema } from "~/lib/schemas/favourites";
import { stallIdSchema } from "~/lib/schemas/stall-id";
import { listFavourites, setFavourite, updateFavourite } from "~/models/favourite.server";
import { ModelError, type RefusalStatus } from "~/models/model-error";
import { done, refusal } from "~/request/answers.server";
import { requireUser } from "~/request/guards.server";

export const meta = pageMeta((t) => ({ title: pageTitle(t("My Food Trail")) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { favourites: await listFavourites(context.db, viewer.id) };
}

/** Every refusal here says the spec's one text, but for a note or a rating the person can correct. */
const failed = (status: RefusalStatus, message = BOOKMARK_FAILED) => refusal(new ModelError(status, message));

/**
 * Every heart in the app (intent "favourite": sets the state asked for, so a retried post cannot undo itself) and
 * the trail's own changes: a personal rating, a note, or removing a bookmark. Only the viewer's own rows.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { db } = context;
  const form = await readFormData(request);
  const stallId = stallIdSchema.safeParse(form.get("stallId"));
  if (!stallId.success) return failed(400);
  const intent = form.get("intent");
  if (intent === "favourite" || intent === "remove") {
    const want = intent === "remove" ? "false" : form.get("favourited");
    if (want !== "true" && want !== "false") return failed(400);
    try {
      await setFavourite(db, viewer.id, stallId.data, want === "true");
    } catch (error) {
      // A stall this viewer may not bookmark (gone, or not approved).
      if (error instanceof ModelError) return failed(error.status);
      throw error;
    }
    return done(null);
  }
  if (intent !== "rating" && intent !== "note") return failed(400);
  const update = favouriteUpdateSchema.safeParse(
    intent === "rating"
      ? { personal_rating: Number(form.get("personal_rating")) }
      : { note: form.get("note") },
  );
  if (!update.success) return failed(400, update.error.issues[0]?.message);
  const saved = await updateFavourite(db, viewer.id, stallId.data, update.data);
  if (!saved) return failed(404);
  return done(null);
}

// A heart, a note or a rating whose post got no answer waits in the offline write queue (or, for a person with no
// offline set on this device, rolls back with the same text), instead of the error boundary. Each sets one field to
// the value asked for, so a replay after a lost answer changes nothing more.
export const clientAction = answerUnansweredPosts({
  offline: BOOKMARK_FAILED,
  fault: BOOKMARK_FAILED,
  queue: true,
});

export { skipReloadWhenQueued as shouldRevalidate } from "~/components/form/skip-reload-when-queued";

export default function BookmarksPage() {
  const { favourites } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const sort = readTrailSort(searchParams.get("sort"));
  const knownLocation = useKnownLocation();
  const [askedLocation, setAskedLocation] = useState<LatLng | null>(null);
  const { locating, locate: locateVisitor } = useLocateVisitor();
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const from = askedLocation ?? knownLocation;
  const counts = trailCounts(favourites);
  const t = useT();
  const sorted = sortTrail(favourites, sort, from);

  const locate = async () => {
    const found = await locateVisitor();
    if (found.ok) setAskedLocation(found.position);
    setLocationMessage(found.ok ? null : found.message);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle
        title={t("My Food Trail")}
        subtitle={t("Your personal collection of discovered food gems")}
      />

      <StatTiles
        stats={[
          [t("Bookmarked Stalls"), counts.bookmarked],
          [t("5-Star Favorites"), counts.fiveStar],
          [t("With Notes"), counts.withNotes],
        ]}
        look="cards"
        className="mt-6 grid grid-cols-3 gap-3 text-center"
      />

      {favourites.length === 0 ? (
        <div className="mt-8 rounded-xl border border-border bg-surface p-8 text-center">
          <h2 className="font-bold text-xl">{t("No bookmarks yet")}</h2>
          <p className="mt-2 text-ink-muted">
            {t("Start exploring and bookmark your favorite food stalls!")}
          </p>
          <Link
            to="/discover"
            className="mt-4 inline-block rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
          >
            {t("Discover stalls")}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t("Sort bookmarks")} className="mt-6 flex flex-wrap items-center gap-2">
            <span className="font-medium text-sm">{t("Sort by")}</span>
            {TRAIL_SORTS.map((option) => (
              <Link
                key={option.value}
                to={option.value === "date" ? "?" : `?sort=${option.value}`}
                replace
                preventScrollReset
                aria-current={sort === option.value ? "true" : undefined}
                className={`rounded-full border px-3 py-1 font-semibold text-sm ${
                  sort === option.value
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-surface"
                }`}
              >
                {t(option.label)}
              </Link>
            ))}
          </nav>
          {sort === "distance" && !from ? (
            <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <p className="text-ink-muted">
                {t("Distances need your location; until then the newest come first.")}
              </p>
              <UseMyLocationButton locating={locating} onClick={() => void locate()} className="px-3 py-1" />
              {locationMessage ? <p role="alert">{t(locationMessage)}</p> : null}
            </div>
          ) : null}
          {favourites.length >= 2 ? (
            <MakeTrailFromBookmarks
              stalls={sorted.map(({ stall }) => ({ id: stall.id, name: stall.name }))}
            />
          ) : null}
          <ul className="mt-4 space-y-4" aria-label={t("Bookmarked stalls")}>
            {sorted.map((favourite) => (
              <TrailCard key={favourite.stallId} favourite={favourite} from={from} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
