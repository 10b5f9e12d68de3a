import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type MetaFunction, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { SearchLanding } from "~/components/search/search-landing";
import { SEARCH_TABS, SearchResults, type SearchTab } from "~/components/search/search-results";
import { SearchBox } from "~/components/search-box";
import { useT } from "~/components/use-t";
import { rememberSearch } from "~/lib/client/recent-searches";
import { metaTranslator, pageTitle } from "~/lib/i18n/page-meta";
import { searchQuerySchema } from "~/lib/schemas/search-schema";
import { discoveryCategories, searchStalls, tagCounts } from "~/models/search.server";

const PAGE_SIZE = 20;
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
  const tab: SearchTab = SEARCH_TABS.some((t) => t.value === requestedTab)
    ? (requestedTab as SearchTab)
    : "all";
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
        <SearchResults results={results} tab={tab} cursor={cursor} popularTags={popularTags} />
      ) : (
        <SearchLanding trending={trending} categories={categories} popularTags={popularTags} />
      )}
    </div>
  );
}
