import { MapPin, Search } from "lucide-react";
import type { KeyboardEvent } from "react";
import { BusyIcon } from "~/components/busy-icon";
import { useT } from "~/components/use-t";
import { NO_AREAS_FOUND, SEARCHING } from "~/lib/client/location-picker";
import type { GeocodeResult } from "~/lib/rules/geocoding";
import { type Message, StatusLine } from "./status-line";
import { useAreaSearch } from "./use-location-picker";

/**
 * The location picker's "Search area" box: Enter or the Search button looks the area up, and choosing one of
 * the results hands it to `onChoose` and closes the list. Enter searches and never submits a surrounding form.
 */
export function LocationSearch({
  inputId,
  onChoose,
}: {
  inputId: string;
  onChoose: (result: GeocodeResult) => void;
}) {
  const { query, setQuery, search, runSearch, clear } = useAreaSearch();
  const t = useT();

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault(); // never submit the surrounding form
    void runSearch();
  }

  function choose(result: GeocodeResult) {
    clear();
    onChoose(result);
  }

  const searchMessage: Message =
    search.status === "searching"
      ? { tone: "info", text: SEARCHING }
      : search.status === "error"
        ? { tone: "error", text: search.message }
        : search.status === "results" && search.results.length === 0
          ? { tone: "info", text: NO_AREAS_FOUND }
          : null;
  const results = search.status === "results" ? search.results : [];
  const blank = query.trim() === "";

  return (
    <div>
      <label htmlFor={inputId} className="block font-medium text-sm">
        {t("Search area")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
          placeholder={t("Search for an area or landmark")}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2 text-ink placeholder:text-ink-muted"
        />
        <button
          type="button"
          onClick={() => void runSearch()}
          disabled={blank || search.status === "searching"}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-primary px-4 font-semibold text-primary-foreground disabled:cursor-not-allowed disabled:opacity-60"
        >
          <BusyIcon busy={search.status === "searching"} icon={Search} className="size-4" />
          {t("Search")}
        </button>
      </div>
      <StatusLine message={searchMessage} />
      <AreaResults results={results} onChoose={choose} />
    </div>
  );
}

/**
 * The places an area search found, each a button that chooses it; `chosen` marks the one chosen (a pressed button)
 * where the list stays open after a choice.
 */
export function AreaResults({
  results,
  chosen,
  onChoose,
}: {
  results: GeocodeResult[];
  chosen?: (result: GeocodeResult) => boolean;
  onChoose: (result: GeocodeResult) => void;
}) {
  const t = useT();
  if (results.length === 0) return null;
  return (
    <ul
      aria-label={t("Search results")}
      className="mt-2 divide-y divide-border rounded-lg border border-border"
    >
      {results.map((result) => (
        <li key={`${result.lat},${result.lon},${result.display_name}`}>
          <button
            type="button"
            aria-pressed={chosen?.(result)}
            onClick={() => onChoose(result)}
            className={`flex min-h-11 w-full items-start gap-2 px-3 py-2 text-left text-sm hover:bg-surface-muted ${chosen?.(result) ? "font-semibold" : ""}`}
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-strong" />
            <span>{result.display_name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
