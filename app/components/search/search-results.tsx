import { Link } from "@remix-run/react";
import { Flame } from "lucide-react";
import type { ReactNode } from "react";
import { ItemList } from "~/components/layout/item-list";
import { TitledSection } from "~/components/layout/titled-section";
import { Chip, PopularTags, searchHref, TagName } from "~/components/search/search-chips";
import { SearchResultCard } from "~/components/search/search-result-card";
import { Sentence, slot } from "~/components/sentence";
import { useT } from "~/components/use-t";
import { useKnownLocation } from "~/lib/client/use-known-location";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { SearchResults as SearchAnswer, SearchResultItem, TagCount } from "~/models/search.server";

export const SEARCH_TABS = [
  { value: "all", label: msg("All") },
  { value: "stalls", label: msg("Stalls") },
  { value: "tags", label: msg("Tags") },
] as const;
export type SearchTab = (typeof SEARCH_TABS)[number]["value"];

/** A search's answer: its count, related tags, the tabs (all, stalls, tags), the results and the link to more. */
export function SearchResults({
  results,
  tab,
  cursor,
  popularTags,
}: {
  results: SearchAnswer;
  tab: SearchTab;
  cursor: string | null;
  popularTags: TagCount[];
}) {
  const location = useKnownLocation();
  const [top, ...more] = results.items;
  const t = useT();
  const tabHref = (value: SearchTab) =>
    `${searchHref(results.query)}${value === "all" ? "" : `&tab=${value}`}`;
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
        {SEARCH_TABS.map((option) => (
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
    <TitledSection id={id} title={title} heading="h3" titleClassName="mb-2 font-bold">
      {children}
    </TitledSection>
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
