import { useNavigate } from "@remix-run/react";
import {
  Clock,
  Flame,
  Gem,
  GraduationCap,
  History,
  type LucideIcon,
  Moon,
  Star,
  TrendingUp,
  Users,
  Wallet,
} from "lucide-react";
import { useEffect, useState } from "react";
import { TitledSection } from "~/components/layout/titled-section";
import { Chip, PopularTags, searchHref, TagName } from "~/components/search/search-chips";
import { useT } from "~/components/use-t";
import { EXAMPLE_SEARCHES, readRecentSearches } from "~/lib/client/recent-searches";
import type { DiscoveryTag } from "~/lib/rules/options";
import { normaliseCategory } from "~/lib/rules/search-query";
import type { TagCount } from "~/models/search.server";

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

/** The search page before a search: trending words, this browser's recent searches, categories and tags. */
export function SearchLanding({
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
      <TitledSection id="trending" title={t("Trending")} icon={TrendingUp} look="group">
        <ul className="mt-3 flex flex-wrap gap-2">
          {trending.map((name) => (
            <li key={name}>
              <Chip to={searchHref(name)}>
                <TagName name={name} />
              </Chip>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection id="recent" title={t("Recent")} icon={History} look="group">
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
      </TitledSection>
      <TitledSection id="categories" title={t("Popular Categories")} look="group">
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
      </TitledSection>
      <PopularTags tags={popularTags} />
    </div>
  );
}
