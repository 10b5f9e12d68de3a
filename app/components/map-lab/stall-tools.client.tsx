import { Link } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { Marker, Popup, useMapEvents } from "react-leaflet";
import { type Message, StatusLine } from "~/components/map/status-line";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { msg } from "~/lib/i18n/translate";
import { formatGps, type LatLng } from "~/lib/rules/geo";
import { layerBounds } from "~/lib/rules/map-import";
import { DEMO_ZOOM, FOCUS_ZOOM } from "~/lib/rules/map-lab";
import { MARKER_COLOURS, markerKind } from "~/lib/rules/markers";
import type { Box } from "~/lib/rules/nearby-plan";
import type { StallListItem } from "~/models/stall/stall.server";
import { dotIcon, FitBox, LabMap, ViewTo } from "./lab-map.client";
import { type LabStall, toLabStall } from "./types";

/** The basic map shows this many stalls: the nearest to where it looks. */
export const NEARBY_MARKERS = 3;

function StallMarker({ stall, number }: { stall: LabStall; number?: number }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <Marker
      position={[stall.latitude, stall.longitude]}
      icon={dotIcon(MARKER_COLOURS[markerKind(stall.isOpen, stall.discovery_tags)], number)}
      title={stall.name}
      alt={stall.name}
      keyboard
    >
      <Popup>
        <p className="!m-0 font-bold text-base">
          <Link to={`/stall/${stall.id}`}>{stall.name}</Link>
        </p>
        <p className="!m-0">{stall.location}</p>
        {stall.distance !== null ? (
          <p className="!m-0">{t("{distance} away", { distance: formatDistance(stall.distance) })}</p>
        ) : null}
      </Popup>
    </Marker>
  );
}

function TrackCenter({ onMove }: { onMove: (center: LatLng) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const { lat, lng } = map.getCenter().wrap();
      onMove({ lat, lng });
    },
  });
  return null;
}

const stallPlace = (stall: LabStall) => ({
  name: stall.name,
  position: { lat: stall.latitude, lng: stall.longitude },
});

const NEARBY_FAILED = msg("Could not load stalls. Please try again.");
const NEARBY_NONE = msg("No stalls near here yet.");

/** The three stalls nearest the map's centre, as markers and as a list; pan the map to look elsewhere. */
export function NearbyTool({ initial }: { initial: LabStall[] }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const [stalls, setStalls] = useState(() => initial.slice(0, NEARBY_MARKERS));
  const [center, setCenter] = useState<LatLng>(DEFAULT_LOCATION);
  const [loading, setLoading] = useState(false);
  // The first view is the spec's (zoom 12 on the default location); stalls the visitor asks for are fitted.
  const [fitTo, setFitTo] = useState<Box | null>(null);
  const [status, setStatus] = useState<Message>(
    stalls.length === 0 ? { tone: "info", text: NEARBY_NONE } : null,
  );

  async function loadNearCenter() {
    setLoading(true);
    try {
      const params = new URLSearchParams({ near: formatGps(center), limit: String(NEARBY_MARKERS) });
      const response = await fetch(`/api/shop?${params}`, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { items: StallListItem[] };
      const found = body.items.map(toLabStall);
      setStalls(found);
      setFitTo(
        layerBounds({ places: [{ name: null, position: center }, ...found.map(stallPlace)], paths: [] }),
      );
      setStatus(body.items.length === 0 ? { tone: "info", text: NEARBY_NONE } : null);
    } catch {
      setStatus({ tone: "error", text: NEARBY_FAILED });
    } finally {
      setLoading(false);
    }
  }

  return (
    <div>
      <LabMap center={DEFAULT_LOCATION} zoom={DEMO_ZOOM} label={t("Map of the nearest stalls")}>
        <TrackCenter onMove={setCenter} />
        {fitTo ? <FitBox box={fitTo} /> : null}
        {stalls.map((stall, index) => (
          <StallMarker key={stall.id} stall={stall} number={index + 1} />
        ))}
      </LabMap>
      <button
        type="button"
        onClick={() => void loadNearCenter()}
        disabled={loading}
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-3 font-semibold text-sm hover:bg-surface-muted disabled:opacity-60"
      >
        {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
        {t("Show stalls near the map centre")}
      </button>
      <StatusLine message={status} />
      {stalls.length > 0 ? (
        <ol aria-label={t("Nearest stalls")} className="mt-2 space-y-1 text-sm">
          {stalls.map((stall, index) => (
            <li key={stall.id} className="flex items-baseline gap-2">
              <span
                aria-hidden="true"
                className="inline-flex size-5 shrink-0 items-center justify-center self-center rounded-full bg-primary font-bold text-primary-foreground text-xs"
              >
                {index + 1}
              </span>
              <Link to={`/stall/${stall.id}`} className="font-medium text-primary-strong underline">
                {stall.name}
              </Link>
              {stall.distance !== null ? (
                <span className="text-ink-muted">{formatDistance(stall.distance)}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** One stall close up (zoom 18), chosen from the stalls near the default location. */
export function FocusTool({ stalls }: { stalls: LabStall[] }) {
  const t = useT();
  const id = useId();
  const [chosenId, setChosenId] = useState(stalls[0]?.id ?? "");
  const chosen = stalls.find((stall) => stall.id === chosenId);
  if (!chosen) return <p className="text-ink-muted text-sm">{t("No stalls to focus on yet.")}</p>;
  const position = { lat: chosen.latitude, lng: chosen.longitude };
  return (
    <div>
      <label htmlFor={`${id}-stall`} className="block font-medium text-sm">
        {t("Stall")}
      </label>
      <select
        id={`${id}-stall`}
        value={chosen.id}
        onChange={(event) => setChosenId(event.target.value)}
        className="mt-1 min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-ink"
      >
        {stalls.map((stall) => (
          <option key={stall.id} value={stall.id}>
            {stall.name}
          </option>
        ))}
      </select>
      <div className="mt-3">
        <LabMap
          center={position}
          zoom={FOCUS_ZOOM}
          label={t("Close-up map of {name}", { name: chosen.name })}
        >
          <ViewTo center={position} zoom={FOCUS_ZOOM} />
          {/* Keyed: Leaflet sets a marker's title only when it creates it. */}
          <StallMarker key={chosen.id} stall={chosen} />
        </LabMap>
      </div>
      <p className="mt-2 text-sm">
        {chosen.location}{" "}
        <Link to={`/stall/${chosen.id}`} className="font-semibold text-primary-strong underline">
          {t("Open the stall page")}
        </Link>
      </p>
    </div>
  );
}
