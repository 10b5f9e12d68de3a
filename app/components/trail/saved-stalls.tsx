import { Link } from "@remix-run/react";
import { BookmarkButton } from "~/components/stall/bookmark-button";
import { CompactStallCard } from "~/components/stall/compact-stall-card";
import { OpenBadge } from "~/components/stall/open-badge";
import { Rating } from "~/components/stall/stall-card";
import { useT } from "~/components/use-t";
import type { Favourite } from "~/models/favourite.server";

/** The profile's Saved tab: the user's bookmarks as small cards, with a way to the full trail. */
export function SavedStalls({ saved }: { saved: Favourite[] }) {
  const t = useT();
  if (saved.length === 0) {
    return (
      <div className="mt-6 text-center text-ink-muted">
        <p>{t("No saved stalls yet. Tap the heart on a stall to keep it here.")}</p>
        <Link to="/discover" className="mt-2 inline-block font-semibold text-primary-strong underline">
          {t("Discover stalls")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <p className="text-right text-sm">
        <Link to="/bookmarks" className="font-semibold text-primary-strong underline">
          {t("Open My Food Trail")}
        </Link>
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t("Saved stalls")}>
        {saved.map(({ stall }) => (
          <CompactStallCard
            key={stall.id}
            stall={stall}
            action={
              <BookmarkButton stallId={stall.id} stallName={stall.name} className="relative z-10 shrink-0" />
            }
          >
            <p className="line-clamp-1 text-ink-muted text-sm">{stall.location}</p>
            <p className="mt-1 flex items-center gap-2">
              <OpenBadge state={stall.open_state} />
              <Rating value={stall.rating_average} />
            </p>
          </CompactStallCard>
        ))}
      </ul>
    </div>
  );
}
