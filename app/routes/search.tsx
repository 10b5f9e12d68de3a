import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, type MetaFunction, useLoaderData, useNavigate } from "@remix-run/react";
import {
  Clock,
  Flame,
  Footprints,
  Gem,
  GraduationCap,
  History,
  type LucideIcon,
  MapPin,
  Moon,
  Star,
  TrendingUp,
  Users,
  Wallet,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { ItemList } from "~/components/layout/item-list";
import { SearchBox } from "~/components/search-box";
import { Sentence, slot } from "~/components/sentence";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { BookmarkButton } from "~/components/stall/bookmark-button";
import { OpenBadge } from "~/components/stall/open-badge";
import { CardLink, FirstTags, Rating } from "~/components/stall/stall-card";
import { StallImage } from "~/components/stall/stall-image";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import { EXAMPLE_SEARCHES, readRecentSearches, rememberSearch } from "~/lib/client/recent-searches";
import { useKnownLocation } from "~/lib/client/use-known-location";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { msg } from "~/lib/i18n/translate";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import type { DiscoveryTag } from "~/lib/rules/options";
import { normaliseCategory } from "~/lib/rules/search-query";
import { minutesOnFoot } from "~/lib/rules/walking";
import { searchQuerySchema } from "~/lib/schemas/search-schema";
import {
  discoveryCategories,
  type SearchResultItem,
  type SearchResults,
  searchStalls,
  type TagCount,
  tagCounts,
} from "~/models/search.server";

const TABS = [
  { value: "all", label: msg("All") },
  { value: "stalls", label: msg("Stalls") },
  { value: "tags", label: msg("Tags") },
] as const;
type Tab = (typeof TABS)[number]["value"];

// Each popular category's picture: drawn icons, which every machine shows (an emoji font is not everywhere).
const CATEGORY_ICONS: Record<DiscoveryTag, LucideIcon> = {
  "hidden gem": Gem,
  "popular spot": Star,
  "budget friendly": Wallet,
  "late night eats": Moon,
  "student favourite": GraduationCap,
  "family friendly": Users,
  "trending now": Flame,
};

const PAGE_SIZE = 20;
/** Beyond this a walking time stops being useful; the distance alone is shown. */
const WALKABLE_KM = 5;
const POPULAR_TAGS = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.db;
  const url = new URL(request.url);
  // The API's own reading of a search. The page never refuses one: without a usable query it shows the search
  // landing, and a cursor that is not a result offset shows the first page.
  const search = searchQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? "",
    cursor: url.searchParams.get("cursor") ?? undefined,
    limit: PAGE_SIZE,
  });
  const query = search.success ? search.data.q : "";
  const cursor =
    search.success && /^\d{1,4}$/.test(search.data.cursor ?? "") ? (search.data.cursor ?? null) : null;
  const requestedTab = url.searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === requestedTab) ? (requestedTab as Tab) : "all";
  const [categories, tags, results] = await Promise.all([
    discoveryCategories(db),
    tagCounts(db),
    query ? searchStalls(db, query, { limit: PAGE_SIZE, cursor }) : Promise.resolve(null),
  ]);
  // Trending: the five most used tags and the three most used discovery labels, at most eight entries.
  const trending = [...tags.slice(0, 5).map((t) => t.name), ...categories.slice(0, 3).map((c) => c.name)];
  return { query, tab, cursor, categories, popularTags: tags.slice(0, POPULAR_TAGS), trending, results };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  const query = data?.query;
  return [
    { title: query ? pageTitle(query, t("Search")) : pageTitle(t("Search")) },
    {
      name: "description",
      content: query
        ? t('Street-food stalls, dishes and places matching "{query}" on Nukkad.', { query })
        : t("Search Nukkad's street-food stalls by dish, stall name, place or tag."),
    },
  ];
};

const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

export default function SearchPage() {
  const { query, tab, cursor, categories, popularTags, trending, results } = useLoaderData<typeof loader>();

  useEffect(() => {
    if (query) rememberSearch(query);
  }, [query]);
  const t = useT();

  return (
    <div className="mx-auto max-w-4xl px-4 pb-10">
      <div className="sticky top-14 z-10 -mx-4 bg-background/95 px-4 py-4 backdrop-blur">
        <h1 className="sr-only">{t("Search")}</h1>
        <SearchBox initialQuery={query} />
      </div>
      {results ? (
        <Results results={results} tab={tab} cursor={cursor} popularTags={popularTags} />
      ) : (
        <Discover trending={trending} categories={categories} popularTags={popularTags} />
      )}
    </div>
  );
}

function Chip({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-full border border-border bg-surface px-3 py-1.5 text-sm hover:border-primary"
    >
      {children}
    </Link>
  );
}

/** A tag as shown: capitalised like the others, so menu words ("dosa") sit beside tags ("Street Food") alike.
 * Only the text is styled and translated (a tag of the picker has a Hindi name): its link still searches for the
 * word as stored. */
function TagName({ name }: { name: string }) {
  const label = useLabel();
  return <span className="capitalize">{label(name)}</span>;
}

function Discover({
  trending,
  categories,
  popularTags,
}: {
  trending: string[];
  categories: (TagCount & { value: DiscoveryTag })[];
  popularTags: TagCount[];
}) {
  const navigate = useNavigate();
  // Recent searches live in this browser: the server renders the examples, the browser its own list once it has one.
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => setRecent(readRecentSearches()), []);
  const t = useT();
  const shown = recent.length > 0 ? recent : EXAMPLE_SEARCHES.map((example) => t(example));
  return (
    <div className="space-y-8">
      <section aria-labelledby="trending">
        <h2 id="trending" className="flex items-center gap-2 font-bold text-lg">
          <TrendingUp aria-hidden="true" className="size-5 text-primary" /> {t("Trending")}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {trending.map((name) => (
            <li key={name}>
              <Chip to={searchHref(name)}>
                <TagName name={name} />
              </Chip>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="recent">
        <h2 id="recent" className="flex items-center gap-2 font-bold text-lg">
          <History aria-hidden="true" className="size-5 text-primary" /> {t("Recent")}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="recent-searches">
          {shown.map((name) => (
            <li key={name}>
              <Chip to={searchHref(name)}>
                <Clock aria-hidden="true" className="size-3.5 text-ink-muted" />
                {name}
              </Chip>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="categories">
        <h2 id="categories" className="font-bold text-lg">
          {t("Popular Categories")}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {categories.map((category) => {
            const Icon = CATEGORY_ICONS[category.value];
            return (
              <li key={category.value}>
                <button
                  type="button"
                  onClick={() => navigate(searchHref(normaliseCategory(category.name)))}
                  className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface p-3 text-left hover:border-primary"
                >
                  <Icon aria-hidden="true" className="size-7 shrink-0 text-primary" />
                  <span>
                    <span className="block font-semibold">{t(category.name)}</span>
                    <span className="text-ink-muted text-sm">
                      {t("{count, plural, one {# stall} other {# stalls}}", { count: category.count })}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <PopularTags tags={popularTags} />
    </div>
  );
}

function PopularTags({ tags }: { tags: TagCount[] }) {
  const t = useT();
  return (
    <section aria-labelledby="popular-tags">
      <h2 id="popular-tags" className="font-bold text-lg">
        {t("Popular Tags")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.name}>
            <Chip to={searchHref(tag.name)}>
              <TagName name={tag.name} /> <span className="text-ink-muted">{tag.count}</span>
            </Chip>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({
  results,
  tab,
  cursor,
  popularTags,
}: {
  results: SearchResults;
  tab: Tab;
  cursor: string | null;
  popularTags: TagCount[];
}) {
  const location = useKnownLocation();
  const [top, ...more] = results.items;
  const t = useT();
  const tabHref = (value: Tab) => `${searchHref(results.query)}${value === "all" ? "" : `&tab=${value}`}`;
  return (
    <div className="space-y-6">
      <header>
        <h2 className="font-bold text-xl">{t('Results for "{query}"', { query: results.query })}</h2>
        <p className="text-ink-muted" aria-live="polite">
          {results.totalCapped
            ? t("{total}+ shops found", { total: results.total.toLocaleString("en-IN") })
            : t("{count, plural, one {# shop found} other {# shops found}}", { count: results.total })}
        </p>
      </header>
      {results.relatedTags.length > 0 ? (
        <section aria-label={t("Related Tags")}>
          <ul className="flex flex-wrap gap-2">
            {results.relatedTags.map((tag) => (
              <li key={tag.name}>
                <Chip to={searchHref(tag.name)}>
                  {tag.trending ? (
                    <Flame aria-label={t("trending")} className="size-4 text-orange-600" />
                  ) : null}
                  <TagName name={tag.name} /> <span className="text-ink-muted">{tag.count}</span>
                </Chip>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label={t("Result types")} className="flex gap-1 border-border border-b">
        {TABS.map((option) => (
          <Link
            key={option.value}
            to={tabHref(option.value)}
            aria-current={tab === option.value ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold text-sm ${
              tab === option.value
                ? "border-primary text-primary-strong"
                : "border-transparent text-ink-muted"
            }`}
          >
            {t(option.label)}
          </Link>
        ))}
      </nav>

      {results.total === 0 ? (
        <div className="space-y-4 rounded-xl border border-border bg-surface p-6">
          <p className="font-semibold">{t('No stalls match "{query}".', { query: results.query })}</p>
          {results.didYouMean ? (
            <p>
              <Sentence
                text={t("Did you mean {suggestion}?", { suggestion: slot("suggestion") })}
                parts={{
                  suggestion: (
                    <Link to={searchHref(results.didYouMean)} className="font-semibold underline">
                      {results.didYouMean}
                    </Link>
                  ),
                }}
              />
            </p>
          ) : null}
          <p className="text-ink-muted">{t("Try one of the popular tags instead:")}</p>
          <PopularTags tags={popularTags} />
        </div>
      ) : tab === "tags" ? (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
          {results.relatedTags.map((tag) => (
            <li key={tag.name}>
              <Link
                to={searchHref(tag.name)}
                className="flex items-center justify-between px-4 py-3 hover:bg-surface-muted"
              >
                <span className="flex items-center gap-2">
                  {tag.trending ? (
                    <Flame aria-label={t("trending")} className="size-4 text-orange-600" />
                  ) : null}
                  <TagName name={tag.name} />
                </span>
                <span className="text-ink-muted text-sm">
                  {t("{count, plural, one {# stall} other {# stalls}}", { count: tag.count })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : tab === "stalls" || cursor ? (
        <ResultList items={results.items} location={location} firstOnScreen />
      ) : (
        <>
          {top ? (
            <ResultSection id="top-result" title={t("Top Result")}>
              <SearchResultCard stall={top} location={location} firstOnScreen />
            </ResultSection>
          ) : null}
          {more.length > 0 ? (
            <ResultSection id="more-stalls" title={t("More Stalls")}>
              <ResultList items={more} location={location} />
            </ResultSection>
          ) : null}
        </>
      )}
      {results.nextCursor && tab !== "tags" ? (
        <div className="text-center">
          <Link
            to={`${tabHref(tab === "all" ? "stalls" : tab)}&cursor=${results.nextCursor}`}
            className="inline-block rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong"
          >
            {t("More results")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function ResultSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ResultList({
  items,
  location,
  firstOnScreen = false,
}: {
  items: SearchResultItem[];
  location: LatLng | null;
  /** The page's first list: its first picture is the largest paint of a phone's first screen. */
  firstOnScreen?: boolean;
}) {
  return (
    <ItemList items={items} className="space-y-3">
      {(stall, index) => (
        <SearchResultCard stall={stall} location={location} firstOnScreen={firstOnScreen && index === 0} />
      )}
    </ItemList>
  );
}

function SearchResultCard({
  stall,
  location,
  firstOnScreen,
}: {
  stall: SearchResultItem;
  location: LatLng | null;
  firstOnScreen?: boolean;
}) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const km = location ? distanceKm(location, { lat: stall.latitude, lng: stall.longitude }) : null;
  return (
    <article className="relative flex gap-3 rounded-xl border border-border bg-surface p-3">
      <StallImage
        src={stall.thumbnail_image}
        alt=""
        firstOnScreen={firstOnScreen}
        className="size-24 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h4 className="font-semibold leading-tight">
            <CardLink stall={stall} />
          </h4>
          <BookmarkButton stallId={stall.id} stallName={stall.name} className="relative z-10 shrink-0" />
        </div>
        <p className="line-clamp-2 text-ink-muted text-sm">{stall.description}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <OpenBadge state={stall.open_state} />
          <Rating value={stall.rating_average} />
          <span>
            <span className="sr-only">{t("Price range")} </span>
            {stall.price_range}
          </span>
          {km !== null ? (
            <>
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" /> {formatDistance(km)}
              </span>
              {km <= WALKABLE_KM ? (
                <span className="inline-flex items-center gap-1">
                  <Footprints aria-hidden="true" className="size-3.5" />{" "}
                  {t("{minutes} min walk", { minutes: minutesOnFoot(km) })}
                </span>
              ) : null}
            </>
          ) : null}
        </p>
        <FirstTags tags={stall.tags} max={2} className="mt-1" />
      </div>
    </article>
  );
}
