import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Link,
  type MetaFunction,
  type ShouldRevalidateFunction,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { Clapperboard } from "lucide-react";
import { lazy, Suspense } from "react";
import { skipReloadForCardWrites } from "~/components/community/community-actions";
import { PostComposer } from "~/components/community/post-composer";
import { AddToTrailMenu } from "~/components/food-trail/add-to-trail-menu";
import { skipReloadWhenQueued } from "~/components/form/skip-reload-when-queued";
import { PageShell } from "~/components/layout/page-shell";
import { isReviewLike } from "~/components/reviews/review-like-button";
import { ReviewsSection } from "~/components/reviews/reviews-section";
import { RouteError } from "~/components/route-error";
import { useFavourite } from "~/components/stall/bookmark-button";
import { StallAbout } from "~/components/stall/stall-about";
import { StallGallery } from "~/components/stall/stall-gallery";
import { StallHeadline } from "~/components/stall/stall-headline";
import { StallHours } from "~/components/stall/stall-hours";
import { StallLocation } from "~/components/stall/stall-location";
import { StallQuickActions } from "~/components/stall/stall-quick-actions";
import { StillHere } from "~/components/stall/still-here";
import { useT } from "~/components/use-t";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { metaLabeller } from "~/lib/i18n/meta-labeller";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { mayContribute } from "~/lib/rules/contributor";
import { openStatusMessage, weeklyHours } from "~/lib/rules/open-status";
import { findFavourite } from "~/models/favourite.server";
import { listTrails } from "~/models/food-trail/food-trail.server";
import { smallPhotoUrl } from "~/models/photo.server";
import { listStallReviews } from "~/models/review.server";
import { findStallDetail, readStallFreshness } from "~/models/stall/stall.server";

// Only for a bookmarked stall, and below the fold on phones: nothing the first paint needs.
const FavouriteNote = lazy(() =>
  import("~/components/trail/favourite-note").then((module) => ({ default: module.FavouriteNote })),
);

const TRAIL_MENU_LENGTH = 20;

// A review's like button shows the answer itself, as a post card does.
// A write queued offline (the heart, the note) keeps the page as it is, as the root does.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isReviewLike(args.formAction) ? false : skipReloadWhenQueued(args) && skipReloadForCardWrites(args);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { db, origin } = context;
  const locale = await context.formatLocale();
  const viewer = await context.viewer();
  const stall = await findStallDetail(db, params.id ?? "", viewer);
  if (!stall) throw data("Stall not found", { status: 404 });
  const now = new Date();
  const status = openStatusMessage(stall.weekly_schedule, stall.time_zone, now, locale);
  // Only approved stalls take reviews, 'Still here?' answers, posts and trail stops; a submitter's pending stall
  // shows none. 'Add to a trail' lists the viewer's own trails.
  const approved = stall.status === "approved";
  const viewerId = viewer?.id ?? null;
  const [reviews, freshness, myTrails, favourite] = await Promise.all([
    approved ? listStallReviews(db, stall.id, viewerId) : null,
    approved ? readStallFreshness(db, viewerId, stall.id) : null,
    viewer && approved ? listTrails(db, viewer.id, { list: "mine", limit: TRAIL_MENU_LENGTH }, now) : null,
    viewer ? findFavourite(db, viewer.id, stall.id, now) : null,
  ]);
  return {
    stall,
    status,
    week: weeklyHours(stall.weekly_schedule, stall.time_zone, now, locale),
    // Link previews need absolute URLs: built on our configured origin, never on a host from stored data.
    ogImage: absoluteImageUrl(origin, stall.image),
    // Each uploaded photo's small copy (the photo itself answers that URL when it has none), for phones in the hero's
    // srcset and for the gallery's buttons; bundled art is a drawing of a kilobyte, with none.
    smallImages: stall.images.map(smallPhotoUrl),
    origin,
    reviews,
    freshness,
    viewerId,
    // Reviews, reports and claims need a confirmed address; the page says so instead of offering the forms.
    emailConfirmed: viewer ? mayContribute(viewer) : false,
    myTrails: myTrails?.data ?? [],
    // The viewer's private note, shown (and editable) while the stall is bookmarked.
    myNote: favourite?.note ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const t = metaTranslator(matches);
  if (!loaded) return [{ title: pageTitle(t("Stall not found")) }];
  const { stall, origin, ogImage: image } = loaded;
  const title = pageTitle(stall.name);
  const description =
    stall.description ||
    t("{category} in {location}", {
      category: metaLabeller(matches)(stall.category),
      location: stall.location,
    });
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "place" },
    { property: "og:title", content: stall.name },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/stall/${stall.id}` },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: stall.name },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

export default function StallPage() {
  const { stall, status, week, reviews, freshness, viewerId, emailConfirmed, smallImages, myTrails, myNote } =
    useLoaderData<typeof loader>();
  const { favourited } = useFavourite(stall.id);
  const navigation = useNavigation();
  const approved = stall.status === "approved";
  const t = useT();

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/stall/")) {
    return (
      <p role="status" className="py-24 text-center text-ink-muted">
        {t("Loading stall details...")}
      </p>
    );
  }

  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <StallGallery name={stall.name} images={stall.images} smallImages={smallImages} />
      <StallHeadline
        stall={stall}
        state={status.state}
        addToTrail={approved ? <AddToTrailMenu stallId={stall.id} trails={myTrails} /> : null}
      />

      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
        <div className="space-y-6 md:col-span-2">
          <StallAbout stall={stall} />
          {reviews ? (
            <ReviewsSection
              stallId={stall.id}
              reviews={reviews}
              viewerId={viewerId}
              emailConfirmed={emailConfirmed}
            />
          ) : null}
          {approved ? (
            <PostComposer emailConfirmed={emailConfirmed} stall={{ id: stall.id, name: stall.name }} />
          ) : null}
          {approved ? (
            <Link
              to={`/reels/new?stall=${encodeURIComponent(stall.id)}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-primary px-5 font-semibold text-primary-strong hover:bg-surface-muted"
            >
              <Clapperboard aria-hidden="true" className="size-4" />
              {t("Add a reel")}
            </Link>
          ) : null}
          <StallLocation stall={stall} open={status.state !== "closed"} />
        </div>

        <aside className="space-y-6">
          <StallHours hasHours={stall.business_hours !== null} status={status} week={week} />
          {favourited ? (
            <Suspense fallback={null}>
              <FavouriteNote
                stallId={stall.id}
                stallName={stall.name}
                note={myNote}
                heading="h2"
                className="rounded-xl border border-border bg-surface p-5"
              />
            </Suspense>
          ) : null}
          {freshness ? (
            <StillHere stallId={stall.id} freshness={freshness} emailConfirmed={emailConfirmed} />
          ) : null}
          <StallQuickActions
            stallId={stall.id}
            stallName={stall.name}
            askToConfirm={viewerId !== null && !emailConfirmed}
          />
        </aside>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <RouteError
      retry
      notFound={
        <PageShell title={t("Stall not found")}>
          <p className="text-ink-muted">{t("This stall does not exist, or it is not visible yet.")}</p>
          <Link to="/discover" className="mt-4 inline-block font-semibold text-primary-strong underline">
            {t("Discover stalls")}
          </Link>
        </PageShell>
      }
    />
  );
}
