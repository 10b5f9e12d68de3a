import type { DiscoverStall } from "~/components/discover/discover-stalls";
import { useFavouriteIds } from "~/components/stall/bookmark-button";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";

/** Discover's three counts of the stalls shown: open now, within 2 km, and bookmarked. */
export function DiscoverSummary({ stalls }: { stalls: DiscoverStall[] }) {
  const favouriteIds = useFavouriteIds();
  const t = useT();
  // Open Now counts maybe hours too, as its filter does (isOpen, ADR 012).
  const openNow = stalls.filter((s) => s.isOpen).length;
  const within2km = stalls.filter((s) => s.distance !== null && s.distance <= 2).length;
  const bookmarked = stalls.filter((s) => favouriteIds.has(s.id)).length;
  return (
    <section aria-label={t("Summary")} className="grid grid-cols-3 gap-3 text-center">
      {[
        { label: msg("Open Now"), value: openNow },
        { label: msg("Within 2km"), value: within2km },
        { label: msg("Bookmarked"), value: bookmarked },
      ].map(({ label, value }) => (
        <div key={label} className="rounded-xl border border-border bg-surface p-3">
          <p className="font-bold text-2xl text-primary-strong">{value}</p>
          <p className="text-ink-muted text-sm">{t(label)}</p>
        </div>
      ))}
    </section>
  );
}
