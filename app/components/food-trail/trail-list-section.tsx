import { TitledSection } from "~/components/layout/titled-section";
import { LoadMore } from "~/components/paging/load-more";
import { type KeysetPage, type PageFailure, useKeysetPages } from "~/components/paging/use-keyset-pages";
import { msg } from "~/lib/i18n/translate";
import type { TrailList, TrailSummary } from "~/lib/schemas/food-trail";
import { FoodTrailCard } from "./food-trail-card";

export const TRAILS_LOAD_FAILED = msg("Could not load more trails. Please try again.");

/** One list of /food-trails (curated, popular, yours): the server's first page, then 'Load more' by keyset cursor. */
export function TrailListSection({
  id,
  title,
  list,
  first,
  empty,
}: {
  id: string;
  title: string;
  list: TrailList;
  first: KeysetPage<TrailSummary>;
  empty: string;
}) {
  const paging = useKeysetPages(first, {
    pageUrl: (cursor) => `/food-trails/page?list=${list}&cursor=${encodeURIComponent(cursor)}`,
    pageOf: (answer: KeysetPage<TrailSummary> | PageFailure) => answer,
  });
  return (
    <TitledSection id={id} title={title}>
      {paging.items.length === 0 ? (
        <p className="mt-3 rounded-xl border border-border border-dashed p-6 text-center text-ink-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={id}>
          {paging.items.map((trail) => (
            <FoodTrailCard key={trail.id} trail={trail} />
          ))}
        </ul>
      )}
      <LoadMore paging={paging} />
    </TitledSection>
  );
}
