import { Search } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { BusyIcon } from "~/components/busy-icon";
import LocationMap from "~/components/map/location-map.client";
import { AreaResults } from "~/components/map/location-search";
import { type Message, StatusLine } from "~/components/map/status-line";
import { useT } from "~/components/use-t";
import { formatCoordinates, SEARCHING, searchAreas } from "~/lib/client/location-picker";
import { type GeocodeResult, MAX_GEOCODE_QUERY_LENGTH } from "~/lib/rules/geocoding";
import {
  DROPPED_PIN,
  type LabPin,
  NO_LOCATIONS_FOUND,
  SEARCH_LOCATION_FAILED,
  SEARCH_PIN_ZOOM,
} from "~/lib/rules/map-lab";
import { PinActions } from "./pins";

/**
 * Searches places through the geocoding proxy and pins the best match at zoom 16; the other matches are listed
 * to pin instead, and the pin can then be dragged to the exact spot.
 */
export function SearchTool({ onAddPin }: { onAddPin: (pin: LabPin) => void }) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const [status, setStatus] = useState<Message>(null);
  const [results, setResults] = useState<GeocodeResult[]>([]);
  const [pin, setPin] = useState<LabPin | null>(null);
  const [flyKey, setFlyKey] = useState(0);
  const searchRun = useRef(0);

  function choose(result: GeocodeResult) {
    setPin({ label: result.display_name, position: { lat: result.lat, lng: result.lon } });
    setFlyKey((key) => key + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.trim() === "") return;
    const run = ++searchRun.current;
    setSearching(true);
    setStatus({ tone: "info", text: SEARCHING });
    const outcome = await searchAreas(query);
    if (run !== searchRun.current) return;
    setSearching(false);
    if (!outcome.ok) {
      setStatus({ tone: "error", text: SEARCH_LOCATION_FAILED });
      return;
    }
    setResults(outcome.results);
    const [best] = outcome.results;
    if (!best) {
      setStatus({ tone: "info", text: NO_LOCATIONS_FOUND });
      return;
    }
    setStatus(null);
    choose(best);
  }

  return (
    <div>
      <search>
        <form onSubmit={(event) => void onSubmit(event)}>
          <label htmlFor={`${id}-query`} className="block font-medium text-sm">
            {t("Search for a place")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${id}-query`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("Search for an area or landmark")}
              maxLength={MAX_GEOCODE_QUERY_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
              className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2 text-ink placeholder:text-ink-muted"
            />
            <button
              type="submit"
              disabled={query.trim() === "" || searching}
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-primary px-4 font-semibold text-primary-foreground disabled:cursor-not-allowed disabled:opacity-60"
            >
              <BusyIcon busy={searching} icon={Search} className="size-4" />
              {t("Search")}
            </button>
          </div>
        </form>
      </search>
      <StatusLine message={status} />
      {results.length > 1 ? (
        <AreaResults
          results={results}
          chosen={(result) => pin?.label === result.display_name}
          onChoose={choose}
        />
      ) : null}
      <div className="mt-3">
        <LocationMap
          position={pin?.position ?? null}
          zoom={SEARCH_PIN_ZOOM}
          flyKey={flyKey}
          onDrop={(position) => setPin((current) => ({ label: current?.label || t(DROPPED_PIN), position }))}
        />
      </div>
      {pin ? (
        <>
          <p className="mt-2 text-sm">
            <span className="text-ink-muted">{t("Pinned:")} </span>
            <span className="font-medium">{pin.label}</span>
          </p>
          <p className="text-sm">
            <span className="text-ink-muted">{t("Coordinates:")} </span>
            <span className="font-mono tabular-nums">{formatCoordinates(pin.position)}</span>
          </p>
          <PinActions pin={pin} onAdd={onAddPin} />
        </>
      ) : null}
    </div>
  );
}
