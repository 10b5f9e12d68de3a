import { LoaderCircle, LocateFixed, MapPin, Search } from "lucide-react";
import { type KeyboardEvent, lazy, useEffect, useId, useRef, useState } from "react";
import { currentPosition } from "~/lib/client/geolocation";
import {
  currentLocationOutcome,
  formatCoordinates,
  GEOLOCATION_OPTIONS,
  GETTING_ADDRESS,
  type GeolocationMode,
  geolocationErrorMessage,
  LOCATING,
  lookupAddress,
  NO_AREAS_FOUND,
  PICKER_CURRENT_LOCATION_ZOOM,
  PICKER_SEARCH_ZOOM,
  SEARCHING,
  samePosition,
  searchAreas,
} from "~/lib/client/location-picker";
import type { LatLng } from "~/lib/rules/geo";
import type { GeocodeResult } from "~/lib/rules/geocoding";
import { ClientMap } from "./client-map";

const LocationMap = lazy(() => import("./location-map.client"));

const MAP_HEIGHT = 320;

export type LocationPickerSource = "search" | "drag" | "current";

export interface LocationPickerChange {
  position: LatLng;
  /** The place's address when known; null while it is being looked up or when the lookup failed. */
  address: string | null;
  source: LocationPickerSource;
}

type Tone = "info" | "success" | "warning" | "error";
/** `label` prefixes the text ("Address: ..."). */
type Message = { tone: Tone; text: string; label?: string } | null;

type SearchState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "results"; results: GeocodeResult[] }
  | { status: "error"; message: string };

/**
 * Picks a position on a map, for Add a Stall and Complete Profile: an area search (at most five results;
 * choosing one places the marker and zooms to 15), a "Use My Current Location" button, and a draggable marker
 * whose every drop looks up the address ("Getting address..." then the address, "Address not found" or
 * "Failed to get address").
 *
 * `onChange` fires as soon as the position changes (address null while a drag's or a current-location
 * address is being looked up) and once more with the address when the lookup finds one, so a form never holds
 * a stale position. A search result carries its name as the address right away.
 *
 * Safe inside a parent <form>: Enter in the search box searches and never submits the form; every button is
 * type="button".
 */
export function LocationPicker({
  value,
  onChange,
  geolocation,
}: {
  value: LatLng | null;
  onChange: (next: LocationPickerChange) => void;
  geolocation: GeolocationMode;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const [address, setAddress] = useState<Message>(null);
  const [locating, setLocating] = useState(false);
  const [locateMessage, setLocateMessage] = useState<Message>(null);
  const [zoom, setZoom] = useState(PICKER_SEARCH_ZOOM);
  const [flyKey, setFlyKey] = useState(0);

  // Only the newest search and the newest address lookup may update the screen.
  const searchRun = useRef(0);
  const lookupRun = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A position set from outside (a reset form, a saved profile) clears the messages about the previous one.
  const lastEmitted = useRef<LatLng | null>(value);
  useEffect(() => {
    if (value && samePosition(value, lastEmitted.current)) return;
    lastEmitted.current = value;
    lookupRun.current++;
    setAddress(null);
    setLocateMessage(null);
  }, [value]);

  function emit(change: LocationPickerChange) {
    lastEmitted.current = change.position;
    onChangeRef.current(change);
  }

  async function runSearch() {
    const text = query.trim();
    if (text === "") return;
    const run = ++searchRun.current;
    setSearch({ status: "searching" });
    const outcome = await searchAreas(text);
    if (!mounted.current || run !== searchRun.current) return;
    setSearch(
      outcome.ok
        ? { status: "results", results: outcome.results }
        : { status: "error", message: outcome.error },
    );
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault(); // never submit the surrounding form
    void runSearch();
  }

  function chooseResult(result: GeocodeResult) {
    const position = { lat: result.lat, lng: result.lon };
    lookupRun.current++;
    searchRun.current++;
    setSearch({ status: "idle" });
    setLocateMessage(null);
    setAddress({ tone: "info", text: result.display_name, label: "Address" });
    setZoom(PICKER_SEARCH_ZOOM);
    setFlyKey((key) => key + 1);
    emit({ position, address: result.display_name, source: "search" });
  }

  /** Looks up the address at a new position; resolves to the outcome, or null when a newer lookup began. */
  async function findAddress(position: LatLng) {
    const run = ++lookupRun.current;
    setAddress({ tone: "info", text: GETTING_ADDRESS });
    const outcome = await lookupAddress(position);
    if (!mounted.current || run !== lookupRun.current) return null;
    setAddress(
      outcome.ok
        ? { tone: "info", text: outcome.address, label: "Address" }
        : { tone: "error", text: outcome.error },
    );
    return outcome;
  }

  async function onDrop(position: LatLng) {
    setLocateMessage(null);
    emit({ position, address: null, source: "drag" });
    const outcome = await findAddress(position);
    if (outcome?.ok) emit({ position, address: outcome.address, source: "drag" });
  }

  async function locateMe() {
    if (locating) return;
    setLocating(true);
    setLocateMessage({ tone: "info", text: LOCATING });
    let position: LatLng;
    try {
      position = await currentPosition(GEOLOCATION_OPTIONS[geolocation]);
    } catch (error) {
      if (!mounted.current) return;
      setLocating(false);
      setLocateMessage({ tone: "error", text: geolocationErrorMessage(error) });
      return;
    }
    if (!mounted.current) return;
    setLocating(false);
    setLocateMessage(null);
    setZoom(PICKER_CURRENT_LOCATION_ZOOM);
    setFlyKey((key) => key + 1);
    emit({ position, address: null, source: "current" });
    const outcome = await findAddress(position);
    if (!outcome) return;
    const { tone, message } = currentLocationOutcome(outcome);
    setLocateMessage({ tone, text: message });
    if (outcome.ok) emit({ position, address: outcome.address, source: "current" });
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
  const inputId = `${id}-search`;
  const helpId = `${id}-help`;
  const blank = query.trim() === "";

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={inputId} className="block font-medium text-sm">
          Search area
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKeyDown}
            placeholder="Search for an area or landmark"
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
            {search.status === "searching" ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Search aria-hidden="true" className="size-4" />
            )}
            Search
          </button>
        </div>
        <StatusLine message={searchMessage} />
        {results.length > 0 ? (
          <ul
            aria-label="Search results"
            className="mt-2 divide-y divide-border rounded-lg border border-border"
          >
            {results.map((result) => (
              <li key={`${result.lat},${result.lon},${result.display_name}`}>
                <button
                  type="button"
                  onClick={() => chooseResult(result)}
                  className="flex min-h-11 w-full items-start gap-2 px-3 py-2 text-left text-sm hover:bg-surface-muted"
                >
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-strong" />
                  <span>{result.display_name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div>
        <button
          type="button"
          onClick={() => void locateMe()}
          disabled={locating}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-4 font-semibold text-primary-strong hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60"
        >
          {locating ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <LocateFixed aria-hidden="true" className="size-4" />
          )}
          Use My Current Location
        </button>
        <StatusLine message={locateMessage} />
      </div>

      <div>
        <p id={helpId} className="mb-2 text-ink-muted text-sm">
          Drag the marker or tap the map to set the exact spot. With a keyboard, focus the marker and use the
          arrow keys.
        </p>
        <ClientMap height={MAP_HEIGHT}>
          <LocationMap position={value} zoom={zoom} flyKey={flyKey} onDrop={onDrop} describedBy={helpId} />
        </ClientMap>
        <p className="mt-2 text-sm">
          <span className="text-ink-muted">Coordinates: </span>
          {value ? (
            <span className="font-mono tabular-nums">{formatCoordinates(value)}</span>
          ) : (
            <span className="text-ink-muted">No location chosen yet</span>
          )}
        </p>
        <StatusLine message={address} />
      </div>
    </div>
  );
}

/**
 * A polite live region that always exists (so screen readers announce what appears in it) and an assertive one
 * for errors, shown in the "closed" red.
 */
function StatusLine({ message }: { message: Message }) {
  const error = message?.tone === "error";
  const colour =
    message?.tone === "success"
      ? "text-open"
      : message?.tone === "warning"
        ? "text-primary-strong"
        : "text-ink-muted";
  const text = message ? (message.label ? `${message.label}: ${message.text}` : message.text) : null;
  return (
    <>
      <div role="status" className={`text-sm ${colour} ${text && !error ? "mt-1" : ""}`}>
        {text && !error ? <p>{text}</p> : null}
      </div>
      <div role="alert" className={`text-closed text-sm ${text && error ? "mt-1" : ""}`}>
        {text && error ? <p>{text}</p> : null}
      </div>
    </>
  );
}
