import { Search } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { StallListItem } from "~/models/stall/stall.server";

const SEARCH_FAILED = msg("Search failed. Please try again.");

/**
 * A search for stalls inside a form (the site's /api/search): the post composer's pin and the trail editor's stops.
 * Enter searches here rather than sending the form around it; `children` shows the results, each kept as `pick`
 * makes it, and may `clear` them once one is chosen.
 */
export function StallSearchField<T extends { id: string }>({
  label,
  limit,
  pick,
  children,
}: {
  label: string;
  limit: number;
  pick: (stall: StallListItem) => T;
  children: (results: T[], clear: () => void) => ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<T[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    setFailed(false);
    const response = await fetch(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}`).catch(() => null);
    setSearching(false);
    if (!response?.ok) {
      setFailed(true);
      return;
    }
    const answer = (await response.json()) as { items: StallListItem[] };
    setResults(answer.items.map(pick));
  };
  const clear = () => {
    setResults(null);
    setQuery("");
  };
  return (
    <div>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void search();
            }
          }}
          placeholder={t("Search for a stall, dish or area")}
          className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2 text-sm"
        />
        <PendingButton
          pending={searching}
          pendingLabel={t("Searching...")}
          icon={<Search aria-hidden="true" className="size-4" />}
          onClick={() => void search()}
          disabled={query.trim() === ""}
          className="inline-flex shrink-0 items-center gap-1 rounded-full border border-primary px-3 py-2 font-semibold text-primary-strong text-sm disabled:opacity-50"
        >
          {t("Search")}
        </PendingButton>
      </div>
      {failed ? (
        <p role="alert" className="mt-1 text-closed text-sm">
          {t(SEARCH_FAILED)}
        </p>
      ) : null}
      {results ? (
        results.length === 0 ? (
          <p role="status" className="mt-1 text-ink-muted text-sm">
            {t("No stalls found.")}
          </p>
        ) : (
          children(results, clear)
        )
      ) : null}
    </div>
  );
}
