import { memo } from "react";
import type { DiscoverStall } from "~/components/discover/discover-stalls";
import { ItemList } from "~/components/layout/item-list";
import { DiscoverStallCard } from "~/components/stall/stall-card";
import { useT } from "~/components/use-t";

/** Cards re-render only when their stall does: a position found re-renders the page, not 20 cards (issue 35). */
const StallCard = memo(DiscoverStallCard);

/** Discover's list: the first `shown` stalls as cards, and 'Show more stalls' while there are more. */
export function DiscoverList({
  stalls,
  shown,
  onShowMore,
}: {
  stalls: DiscoverStall[];
  shown: number;
  onShowMore: () => void;
}) {
  const t = useT();
  return (
    <>
      <ItemList
        items={stalls.slice(0, shown)}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {(stall, index) => <StallCard stall={stall} firstOnScreen={index === 0} />}
      </ItemList>
      {shown < stalls.length ? (
        <div className="text-center">
          <button
            type="button"
            onClick={onShowMore}
            className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong"
          >
            {t("Show more stalls ({shown} of {total})", {
              shown: Math.min(shown, stalls.length),
              total: stalls.length,
            })}
          </button>
        </div>
      ) : null}
    </>
  );
}
