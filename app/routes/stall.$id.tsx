import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Link,
  type MetaFunction,
  type ShouldRevalidateFunction,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import {
  BadgeCheck,
  Clapperboard,
  Clock,
  Heart,
  MapPin,
  Navigation,
  Phone,
  Share2,
  ShieldQuestion,
  Sparkles,
  Tag,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { skipReloadForCardWrites } from "~/components/community/community-actions";
import { PostComposer } from "~/components/community/post-composer";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";
import { AddToTrailMenu } from "~/components/food-trail/add-to-trail-menu";
import { skipReloadWhenQueued } from "~/components/form/use-action-fetcher";
import { PageShell } from "~/components/layout/site-layout";
import { ClientMap } from "~/components/map/client-map";
import { MapPreview } from "~/components/map/map-preview";
import { isReviewLike } from "~/components/reviews/review-like-button";
import { ReviewsSection } from "~/components/reviews/reviews-section";
import { RouteError } from "~/components/route-error";
import { useFavourite } from "~/components/stall/bookmark-button";
import { CommunityDialogs } from "~/components/stall/community-dialog";
import { HoursTable } from "~/components/stall/hours-table";
import { OpenBadge } from "~/components/stall/open-badge";
import { Rating } from "~/components/stall/stall-card";
import { StallImage } from "~/components/stall/stall-image";
import { StillHere } from "~/components/stall/still-here";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import { SMALL_PHOTO_MAX_WIDTH } from "~/lib/http/image-size";
import { absoluteImageUrl } from "~/lib/http/photo-url";
import { metaLabeller, metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";

import { mayContribute } from "~/lib/rules/contributor";
import { formatGps } from "~/lib/rules/geo";
import { MARKER_COLOURS, markerKind } from "~/lib/rules/markers";
import { openStatusMessage, weeklyHours } from "~/lib/rules/open-status";
import { discoveryTagLabel } from "~/lib/rules/options";
import { findFavourite } from "~/models/favourite.server";
import { listTrails } from "~/models/food-trail/food-trail.server";
import { smallPhotoUrl } from "~/models/photo.server";
import { listStallReviews } from "~/models/review.server";
import { findStallDetail, readStallFreshness } from "~/models/stall/stall.server";

const StallMap = lazy(() => import("~/components/map/stall-map.client"));
// Only for a bookmarked stall, and below the fold on phones: nothing the first paint needs.
const FavouriteNote = lazy(() =>
  import("~/components/trail/favourite-note").then((module) => ({ default: module.FavouriteNote })),
);

// The hero's box: the page's width at most (max-w-5xl less its padding), the screen's less its padding on phones.
const HERO_WIDTH = 1280;
const HERO_SIZES = "(min-width: 64rem) 62rem, calc(100vw - 2rem)";
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
  const [selected, setSelected] = useState(0);
  const images = stall.images.length > 0 ? stall.images : [null];
  const small = smallImages[selected];
  const srcSet = small ? `${small} ${SMALL_PHOTO_MAX_WIDTH}w, ${images[selected]} ${HERO_WIDTH}w` : undefined;
  const today = week.find((day) => day.isToday);
  const markerColour = MARKER_COLOURS[markerKind(status.state !== "closed", stall.discovery_tags)];
  const t = useT();
  const label = useLabel();

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/stall/")) {
    return (
      <p role="status" className="py-24 text-center text-ink-muted">
        {t("Loading stall details...")}
      </p>
    );
  }

  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <section aria-label={t("Photos")} className="overflow-hidden rounded-2xl bg-surface-muted">
        {/* The page's largest paint: fetched first (React puts a preload link for it, with its srcset, in the head),
            its box reserved before it arrives. */}
        <StallImage
          src={images[selected] ?? null}
          srcSet={srcSet}
          sizes={srcSet ? HERO_SIZES : undefined}
          alt={t("{name}, photo {number} of {total}", {
            name: stall.name,
            number: selected + 1,
            total: images.length,
          })}
          className="aspect-[16/9] w-full object-cover"
          loading="eager"
          fetchPriority="high"
          width={HERO_WIDTH}
          height={720}
        />
      </section>
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto" aria-label={t("Choose a photo")}>
          {images.map((image, index) => (
            // The same picture may appear twice in a gallery, so its place is part of its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order of photos never changes on this page.
            <li key={`${image}-${index}`}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t("Show photo {number}", { number: index + 1 })}
                aria-pressed={selected === index}
                className={`block overflow-hidden rounded-lg border-2 ${selected === index ? "border-primary" : "border-transparent"}`}
              >
                <StallImage src={smallImages[index] ?? image} alt="" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <header className="mt-6 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {stall.is_verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
              <BadgeCheck aria-hidden="true" className="size-4" /> {t("Verified Business")}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 font-semibold text-ink-muted text-xs">
              <ShieldQuestion aria-hidden="true" className="size-4" /> {t("Pending Verification")}
            </span>
          )}
          <OpenBadge state={status.state} openLabel={msg("Open Now")} />
          {stall.status !== "approved" ? (
            <span className="rounded-full bg-amber-200 px-2 py-0.5 font-semibold text-amber-950 text-xs">
              {stall.status === "pending"
                ? t("Waiting for review")
                : t("Rejected: {reason}", { reason: stall.status_reason ?? "" })}
            </span>
          ) : null}
        </div>
        <h1 className="font-extrabold text-3xl">{stall.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Rating value={stall.rating_average} />
          <span className="text-ink-muted text-sm">
            {t("({count, plural, one {# review} other {# reviews}})", { count: stall.rating_count })}
          </span>
          <span className="inline-flex items-center gap-1 text-sm">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            {stall.location || t("Location not available")}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-1">
          <span className="inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900 text-xs">
            <Tag aria-hidden="true" className="size-3" /> {label(stall.category)}
          </span>
          {stall.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs">
              {label(tag)}
            </span>
          ))}
          {stall.discovery_tags.map((tag) => (
            <span
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 text-xs capitalize"
            >
              <Sparkles aria-hidden="true" className="size-3" /> {t(discoveryTagLabel(tag))}
            </span>
          ))}
        </p>
        <Actions
          stallId={stall.id}
          name={stall.name}
          phone={stall.contact_number}
          addToTrail={
            stall.status === "approved" ? <AddToTrailMenu stallId={stall.id} trails={myTrails} /> : null
          }
        />
      </header>

      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
        <div className="space-y-6 md:col-span-2">
          <section aria-labelledby="about" className="rounded-xl border border-border bg-surface p-5">
            <h2 id="about" className="font-bold text-xl">
              {t("About This Place")}
            </h2>
            <p className="mt-2 leading-relaxed">
              {stall.description || t("Stall information not available")}
            </p>
          </section>
          {stall.menu.length > 0 ? (
            <section aria-labelledby="menu" className="rounded-xl border border-border bg-surface p-5">
              <h2 id="menu" className="font-bold text-xl">
                {t("Menu")}
              </h2>
              <ul className="mt-3 divide-y divide-border">
                {stall.menu.map((item) => (
                  <li key={item.item} className="flex justify-between gap-4 py-2">
                    <div>
                      <p className="font-semibold">{item.item}</p>
                      {item.description ? <p className="text-ink-muted text-sm">{item.description}</p> : null}
                    </div>
                    {item.price !== null ? <p className="shrink-0 font-semibold">₹{item.price}</p> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {reviews ? (
            <ReviewsSection
              stallId={stall.id}
              reviews={reviews}
              viewerId={viewerId}
              emailConfirmed={emailConfirmed}
            />
          ) : null}
          {stall.status === "approved" ? (
            <PostComposer emailConfirmed={emailConfirmed} stall={{ id: stall.id, name: stall.name }} />
          ) : null}
          {stall.status === "approved" ? (
            <Link
              to={`/reels/new?stall=${encodeURIComponent(stall.id)}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-primary px-5 font-semibold text-primary-strong hover:bg-surface-muted"
            >
              <Clapperboard aria-hidden="true" className="size-4" />
              {t("Add a reel")}
            </Link>
          ) : null}
          <section aria-labelledby="location" className="rounded-xl border border-border bg-surface p-5">
            <h2 id="location" className="font-bold text-xl">
              {t("Location")}
            </h2>
            <p className="mt-1 text-ink-muted text-sm">{stall.location || t("Location not available")}</p>
            <div className="mt-3">
              {/* Below the fold on a phone: Leaflet loads as the map nears the screen, and until then the
                  stall's marker shows where the map will draw it. */}
              <ClientMap
                height={256}
                whenVisible
                preview={<MapPreview markers={[{ x: 0, y: 0, colour: markerColour }]} />}
              >
                <StallMap
                  lat={stall.latitude}
                  lng={stall.longitude}
                  name={stall.name}
                  colour={markerColour}
                />
              </ClientMap>
            </div>
            <a
              href={`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatGps({ lat: stall.latitude, lng: stall.longitude }))}`}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
            >
              <Navigation aria-hidden="true" className="size-4" /> {t("Navigate Here")}
              <span className="sr-only">{t("(opens in a new tab)")}</span>
            </a>
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="hours" className="rounded-xl border border-border bg-surface p-5">
            <h2 id="hours" className="flex items-center gap-2 font-bold text-xl">
              <Clock aria-hidden="true" className="size-5 text-primary" /> {t("Hours")}
            </h2>
            {stall.business_hours ? (
              <>
                <p className="mt-2 text-sm">
                  {t("Today:")}{" "}
                  <span className="font-semibold">{t(today?.hours ?? "Hours not available")}</span>
                </p>
                <p className="mt-1 flex items-center gap-2 text-sm">
                  <OpenBadge state={status.state} openLabel={msg("Open Now")} />
                  {status.nextChange ? <span className="text-ink-muted">{t(status.nextChange)}</span> : null}
                </p>
                <HoursTable
                  days={week}
                  caption={t("Weekly schedule")}
                  markToday
                  className="mt-3 w-full text-sm"
                />
              </>
            ) : (
              <p className="mt-2 text-ink-muted">{t("Hours not available")}</p>
            )}
          </section>
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
          <section aria-labelledby="quick-actions" className="rounded-xl border border-border bg-surface p-5">
            <h2 id="quick-actions" className="font-bold text-xl">
              {t("Quick Actions")}
            </h2>
            {viewerId && !emailConfirmed ? (
              <ConfirmEmailNotice title={t("Confirm your e-mail address first")} className="mt-3">
                {t(
                  "To claim this stall or report an issue, open the confirmation link we sent to your inbox.",
                )}
              </ConfirmEmailNotice>
            ) : (
              <CommunityDialogs stallId={stall.id} stallName={stall.name} />
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

function Actions({
  stallId,
  name,
  phone,
  addToTrail,
}: {
  stallId: string;
  name: string;
  phone: string | null;
  addToTrail: ReactNode;
}) {
  const favourite = useFavourite(stallId);
  const t = useT();
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: name, text: t("{name} on Nukkad", { name }), url });
      } catch {
        // The visitor closed the share sheet: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("Link copied"));
    } catch {
      notify.error(t("Could not copy the link"));
    }
  };
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      <button
        type="button"
        aria-pressed={favourite.favourited}
        onClick={(event) => void favourite.onClick(event)}
        className="inline-flex items-center gap-2 rounded-full border border-primary px-4 py-2 font-semibold text-primary-strong"
      >
        <Heart aria-hidden="true" className={`size-4 ${favourite.favourited ? "fill-current" : ""}`} />
        {favourite.favourited ? t("Added to Favorites") : t("Add to Favorites")}
      </button>
      <button
        type="button"
        onClick={() => void share()}
        className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold"
      >
        <Share2 aria-hidden="true" className="size-4" /> {t("Share")}
      </button>
      {phone ? (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold"
        >
          <Phone aria-hidden="true" className="size-4" /> {t("Call")}
        </a>
      ) : null}
      {addToTrail}
    </div>
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
