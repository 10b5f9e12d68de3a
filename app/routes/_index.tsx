import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Bookmark, Camera, Compass, LocateFixed, MapPin, Search, Share2, Store } from "lucide-react";
import { useState } from "react";
import { CommunityStrip } from "~/components/community/community-strip";
import { FaqList } from "~/components/faq-list";
import { FeelingHungry } from "~/components/food-trail/feeling-hungry";
import { FoodTrailCard } from "~/components/food-trail/food-trail-card";
import { ItemList } from "~/components/layout/item-list";
import { StripSection } from "~/components/layout/strip-section";
import { TitledSection } from "~/components/layout/titled-section";
import { useLocateVisitor } from "~/components/map/use-locate-visitor";
import { HomeStallCard } from "~/components/stall/stall-card";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { pageMeta } from "~/lib/i18n/route-meta";
import { msg } from "~/lib/i18n/translate";
import { faqWithCounts } from "~/lib/rules/faq";
import { TRENDING_THIS_WEEK_SIZE } from "~/lib/rules/hot-score";
import { HOME_FILTERS } from "~/lib/rules/options";
import type { TrailSummary } from "~/lib/schemas/food-trail";
import { countTrails, listTrails } from "~/models/food-trail/food-trail.server";
import { newestPosts } from "~/models/post/post.server";
import type { StallListItem } from "~/models/stall/stall.server";
import { countApprovedStalls, topRatedStalls, trendingStalls } from "~/models/stall/stall.server";
import { countMembers } from "~/models/user.server";

export const meta = pageMeta((t) => ({
  title: t("Nukkad: hidden street food near you"),
  description: t(
    "Discover hidden street-food stalls in Bangalore and Delhi, bookmark favourites and share your finds. Free.",
  ),
}));

type HomeFilter = (typeof HOME_FILTERS)[number];

/** Home's strips of the community half: a row of newest posts, a row of curated trails. */
const NEWEST_POSTS = 4;
const HOME_TRAILS = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db;
  const requested = new URL(request.url).searchParams.get("tag");
  const filter: HomeFilter = HOME_FILTERS.find((f) => f === requested) ?? "All";
  const tag = filter === "All" ? null : filter;
  const viewer = await context.viewer();
  const [found, trending, topRated, stalls, members, trails, posts, curated] = await Promise.all([
    countApprovedStalls(db, tag),
    trendingStalls(db, { tag, limit: TRENDING_THIS_WEEK_SIZE }),
    topRatedStalls(db, { tag, limit: 3 }),
    countApprovedStalls(db, null),
    countMembers(db),
    countTrails(db),
    newestPosts(db, viewer?.id ?? null, NEWEST_POSTS),
    // Curated trails have no author anyone could block: read as a visitor's, the same for everyone.
    listTrails(db, null, { list: "curated", limit: HOME_TRAILS }, new Date()),
  ]);
  return {
    filter,
    found,
    trending,
    topRated,
    posts,
    curatedTrails: curated.data,
    stats: { stalls, members, trails },
    faq: faqWithCounts({ trails }),
  };
}

const HOW_IT_WORKS = [
  {
    icon: Compass,
    title: msg("Discover"),
    text: msg("Find hidden stalls near you on the map or in a list."),
  },
  {
    icon: Bookmark,
    title: msg("Bookmark"),
    text: msg("Save favourites to your food trail with your own notes."),
  },
  { icon: Share2, title: msg("Share"), text: msg("Add the stalls you love so others can find them too.") },
];

/** Home's figures of the whole community, each counted in the loader's `stats`. */
const COMMUNITY_FIGURES = [
  { label: msg("Hidden gems discovered"), stat: "stalls" },
  { label: msg("Community members"), stat: "members" },
  { label: msg("Food trails created"), stat: "trails" },
] as const;

export default function HomePage() {
  const { filter, found, trending, topRated, posts, curatedTrails, stats, faq } =
    useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-8">
        <FilterBar active={filter} found={found} />
        <StallGrid
          firstOnScreen
          id="trending"
          title={t("Trending This Week")}
          stalls={trending}
          empty={t(
            "Nothing is trending this week yet: bookmark, review or post about a stall to put it here.",
          )}
        />
        <StallGrid
          id="top-rated"
          title={t("Top Rated This Week")}
          stalls={topRated}
          empty={t("No rated stalls yet.")}
        />
        <CommunityStrip posts={posts} />
        <NearYou />
        <TitledSection
          id="how"
          title={t("How It Works")}
          className="py-4"
          titleClassName="text-center font-bold text-2xl"
        >
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
            {HOW_IT_WORKS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-border bg-surface p-6 text-center">
                <Icon aria-hidden="true" className="mx-auto size-8 text-primary" />
                <h3 className="mt-2 font-semibold text-lg">{t(title)}</h3>
                <p className="mt-1 text-ink-muted">{t(text)}</p>
              </li>
            ))}
          </ul>
        </TitledSection>
        <FeelingHungry />
        <HomeTrails trails={curatedTrails} />
        <HiddenGem />
        <TitledSection
          id="community"
          title={t("Our Community")}
          className="rounded-2xl bg-surface-muted p-6 text-center"
          titleClassName="font-bold text-2xl"
        >
          <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
            {COMMUNITY_FIGURES.map(({ label, stat }) => (
              <div key={stat}>
                <dt className="text-ink-muted">{t(label)}</dt>
                <dd className="font-extrabold text-3xl text-primary-strong">
                  {stats[stat].toLocaleString("en-IN")}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-ink-muted text-sm">{t("Nukkad is free for everyone.")}</p>
        </TitledSection>
        <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl scroll-mt-20">
          <h2 id="faq-title" className="mb-6 text-center font-bold text-2xl">
            {t("Frequently Asked Questions")}
          </h2>
          <FaqList items={faq} />
        </section>
      </div>
    </>
  );
}

function Hero() {
  const navigate = useNavigate();
  const { locating, locate } = useLocateVisitor();
  const t = useT();
  const nearMe = async () => {
    const found = await locate();
    // Without a position Discover asks again and explains what went wrong.
    navigate(
      found.ok
        ? `/discover?near=${found.position.lat.toFixed(6)},${found.position.lng.toFixed(6)}`
        : "/discover",
    );
  };
  return (
    <section className="flex h-[60vh] min-h-[400px] items-center bg-gradient-to-br from-orange-100 via-amber-50 to-yellow-100 dark:from-orange-950 dark:via-stone-900 dark:to-amber-950">
      <div className="mx-auto w-full max-w-3xl px-4 text-center">
        <h1 className="font-extrabold text-3xl leading-tight md:text-5xl">
          {t("Find the street food locals love")}
        </h1>
        <p className="mt-3 text-ink-muted md:text-lg">
          {t("Hidden stalls of Bangalore and Delhi. Free, for everyone.")}
        </p>
        {/* On a phone the button goes under the box: beside it, the box is too narrow for its placeholder. */}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Form method="get" action="/search" role="search" className="relative flex-1">
            <label htmlFor="home-search" className="sr-only">
              {t("Search")}
            </label>
            <Search
              aria-hidden="true"
              className="-translate-y-1/2 absolute top-1/2 left-3 size-5 text-ink-muted"
            />
            <input
              id="home-search"
              name="q"
              type="search"
              required
              placeholder={t("Search for food, area, or cuisine...")}
              className="w-full rounded-full border border-border bg-surface py-3 pr-4 pl-10 shadow-sm"
            />
          </Form>
          <button
            type="button"
            onClick={() => void nearMe()}
            disabled={locating}
            className="inline-flex shrink-0 items-center justify-center gap-1 self-center rounded-full bg-primary px-5 py-3 font-semibold text-primary-foreground hover:bg-primary-strong disabled:opacity-70 sm:self-auto"
          >
            <MapPin aria-hidden="true" className="size-5" />
            {locating ? t("Locating...") : t("Near Me")}
          </button>
        </div>
      </div>
    </section>
  );
}

function FilterBar({ active, found }: { active: HomeFilter; found: number }) {
  const t = useT();
  return (
    <section aria-labelledby="filters" className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 id="filters" className="font-bold text-xl">
          {t("Filters")}
        </h2>
        <p className="text-ink-muted" aria-live="polite">
          {t("{count, plural, one {# stall found} other {# stalls found}}", { count: found })}
        </p>
      </div>
      <nav aria-label={t("Filter stalls by tag")} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          {HOME_FILTERS.map((option) => (
            <li key={option}>
              <Link
                to={option === "All" ? "/" : `/?tag=${encodeURIComponent(option)}`}
                preventScrollReset
                aria-current={option === active ? "true" : undefined}
                className={`block whitespace-nowrap rounded-full border px-4 py-1.5 font-medium text-sm ${
                  option === active
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-surface hover:border-primary"
                }`}
              >
                {t(option)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

function StallGrid({
  id,
  title,
  stalls,
  empty,
  firstOnScreen = false,
}: {
  id: string;
  title: string;
  stalls: StallListItem[];
  empty: string;
  /** The page's first grid: its first picture is the largest paint of a phone's first screen. */
  firstOnScreen?: boolean;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-bold text-xl">
        {title}
      </h2>
      <ItemList
        items={stalls}
        empty={empty}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {(stall, index) => <HomeStallCard stall={stall} firstOnScreen={firstOnScreen && index === 0} />}
      </ItemList>
    </section>
  );
}

type Nearby =
  | { state: "idle" | "locating" }
  | { state: "error"; message: string }
  | { state: "done"; stalls: StallListItem[]; notice: string | null };

function NearYou() {
  const [nearby, setNearby] = useState<Nearby>({ state: "idle" });
  const { locate } = useLocateVisitor();
  const t = useT();
  const enable = async () => {
    setNearby({ state: "locating" });
    // Like Discover: without the visitor's location, show what is near the default location and say so.
    const found = await locate();
    const here = found.ok ? found.position : DEFAULT_LOCATION;
    const notice = found.ok ? null : found.message;
    const response = await fetch(`/api/shop?near=${here.lat},${here.lng}&limit=4`).catch(() => null);
    if (!response?.ok) {
      setNearby({ state: "error", message: msg("Failed to fetch stalls") });
      return;
    }
    const page = (await response.json()) as { items: StallListItem[] };
    setNearby({ state: "done", stalls: page.items, notice });
  };
  return (
    <section aria-labelledby="near-you">
      <div className="flex items-baseline justify-between">
        <h2 id="near-you" className="font-bold text-xl">
          {t("Near You")}
        </h2>
        <Link to="/discover" className="font-semibold text-primary-strong text-sm underline">
          {t("See all on the map")}
        </Link>
      </div>
      {nearby.state === "done" && nearby.notice ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-100 px-3 py-2 text-amber-950 text-sm">
          {t(nearby.notice)}
        </p>
      ) : null}
      {nearby.state === "done" ? (
        <ItemList
          items={nearby.stalls}
          empty={t("No stalls near you yet.")}
          className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          {(stall) => <HomeStallCard stall={stall} />}
        </ItemList>
      ) : (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-border border-dashed bg-surface p-8 text-center">
          <LocateFixed aria-hidden="true" className="size-8 text-primary" />
          <p className="text-ink-muted">{t("See the stalls closest to you.")}</p>
          {nearby.state === "error" ? (
            <p role="alert" className="text-closed text-sm">
              {t(nearby.message)}
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => void enable()}
            disabled={nearby.state === "locating"}
            className="rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground disabled:opacity-70"
          >
            {nearby.state === "locating" ? t("Getting Location...") : t("Enable Location")}
          </button>
        </div>
      )}
    </section>
  );
}

function HomeTrails({ trails }: { trails: TrailSummary[] }) {
  const t = useT();
  return (
    <StripSection
      id="home-trails"
      title={t("Food Trails")}
      intro={t("Curated routes through several stalls")}
      more={{ to: "/food-trails", label: t("All food trails") }}
    >
      {trails.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t("No curated trails yet.")}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {trails.map((trail) => (
            <FoodTrailCard key={trail.id} trail={trail} />
          ))}
        </ul>
      )}
    </StripSection>
  );
}

function HiddenGem() {
  const t = useT();
  return (
    <TitledSection
      id="hidden-gem"
      title={t("Know a Hidden Gem?")}
      className="rounded-2xl bg-orange-800 p-8 text-white"
      titleClassName="font-bold text-2xl"
    >
      <p className="mt-2 max-w-xl">
        {t("Share the stall only locals know about. Every new stall is reviewed before it appears.")}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to="/add-stall"
          className="inline-flex items-center gap-2 rounded-full bg-white px-5 py-2 font-semibold text-orange-900"
        >
          <Store aria-hidden="true" className="size-5" /> {t("Add a Stall")}
        </Link>
        <Link
          to="/add-stall#photo"
          className="inline-flex items-center gap-2 rounded-full border-2 border-white px-5 py-2 font-semibold text-white"
        >
          <Camera aria-hidden="true" className="size-5" /> {t("Upload Photos")}
        </Link>
      </div>
    </TitledSection>
  );
}
