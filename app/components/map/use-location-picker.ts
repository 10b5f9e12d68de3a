import { useEffect, useRef, useState } from "react";
import { currentPosition } from "~/lib/client/geolocation";
import {
  currentLocationOutcome,
  GEOLOCATION_OPTIONS,
  GETTING_ADDRESS,
  type GeolocationMode,
  geolocationErrorMessage,
  LOCATING,
  lookupAddress,
  PICKER_CURRENT_LOCATION_ZOOM,
  PICKER_SEARCH_ZOOM,
  samePosition,
  searchAreas,
} from "~/lib/client/location-picker";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import type { GeocodeResult } from "~/lib/rules/geocoding";
import type { Message } from "./status-line";

export type LocationPickerSource = "search" | "drag" | "current";

export interface LocationPickerChange {
  position: LatLng;
  /** The place's address when known; null while it is being looked up or when the lookup failed. */
  address: string | null;
  source: LocationPickerSource;
}

type SearchState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "results"; results: GeocodeResult[] }
  | { status: "error"; message: string };

/** False once the component has unmounted, so a late answer does not set state. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/** The area search box's query and results; `clear` also drops the answer of a search still running. */
export function useAreaSearch() {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  // Only the newest search may update the screen.
  const searchRun = useRef(0);
  const mounted = useMounted();

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

  function clear() {
    searchRun.current++;
    setSearch({ status: "idle" });
  }

  return { query, setQuery, search, runSearch, clear };
}

/**
 * The picker's position changes and their messages: a chosen search result, a dropped marker and the current
 * location, each reported through `onChange` (see LocationPicker), with the zoom and fly request for the map.
 */
export function useLocationPicker(
  value: LatLng | null,
  onChange: (next: LocationPickerChange) => void,
  geolocation: GeolocationMode,
) {
  const [address, setAddress] = useState<Message>(null);
  const [locating, setLocating] = useState(false);
  const [locateMessage, setLocateMessage] = useState<Message>(null);
  const [zoom, setZoom] = useState(PICKER_SEARCH_ZOOM);
  const [flyKey, setFlyKey] = useState(0);

  // Only the newest address lookup may update the screen.
  const lookupRun = useRef(0);
  const mounted = useMounted();
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

  function chooseResult(result: GeocodeResult) {
    const position = { lat: result.lat, lng: result.lon };
    lookupRun.current++;
    setLocateMessage(null);
    setAddress({ tone: "info", text: result.display_name, label: msg("Address") });
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
        ? { tone: "info", text: outcome.address, label: msg("Address") }
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

  return { address, locating, locateMessage, zoom, flyKey, chooseResult, onDrop, locateMe };
}
