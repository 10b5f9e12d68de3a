import { useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { TrailList, TrailSummary } from "~/lib/schemas/food-trail";
import { FoodTrailCard } from "./food-trail-card";

export interface TrailPage {
  data: TrailSummary[];
  next_cursor: string | null;
}

const LOAD_FAILED = msg("Could not load more trails. Please try again.");

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
  first: TrailPage;
  empty: string;
}) {
  const t = useT();
  const [trails, setTrails] = useState(first.data);
  const [cursor, setCursor] = useState(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setFailed(false);
    const response = await fetch(`/api/trails?list=${list}&cursor=${encodeURIComponent(cursor)}`).catch(
      () => null,
    );
    setLoading(false);
    if (!response?.ok) {
      setFailed(true);
      return;
    }
    const page = (await response.json()) as TrailPage;
    setTrails((shown) => [...shown, ...page.data.filter((trail) => !shown.some((s) => s.id === trail.id))]);
    setCursor(page.next_cursor);
  };
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-bold text-xl">
        {title}
      </h2>
      {trails.length === 0 ? (
        <p className="mt-3 rounded-xl border border-border border-dashed p-6 text-center text-ink-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={id}>
          {trails.map((trail) => (
            <FoodTrailCard key={trail.id} trail={trail} />
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className="mt-3 text-closed text-sm">
          {t(LOAD_FAILED)}
        </p>
      ) : null}
      {cursor ? (
        <div className="mt-4 text-center">
          <PendingButton
            pending={loading}
            pendingLabel={t("Loading...")}
            onClick={() => void loadMore()}
            className="rounded-full border border-primary px-5 py-2 font-semibold text-primary-strong disabled:opacity-70"
          >
            {t("Load more")}
          </PendingButton>
        </div>
      ) : null}
    </section>
  );
}
