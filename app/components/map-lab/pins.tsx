import { Copy, Download, MapPinPlus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "~/components/use-t";
import { formatCoordinates } from "~/lib/client/location-picker";
import { notify } from "~/lib/client/notify";
import type { LatLng } from "~/lib/rules/geo";
import { readGeoJson } from "~/lib/rules/map-import-geojson";
import {
  DROPPED_PIN,
  gpsCoordinatesText,
  type LabPin,
  PINS_FILE_NAME,
  pinsGeoJson,
} from "~/lib/rules/map-lab";

/** Pins stay on this device between visits, written as the same GeoJSON the export downloads. */
const STORAGE_KEY = "nukkad-map-lab-pins";

function loadPins(): LabPin[] {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (!stored) return [];
    const outcome = readGeoJson(stored);
    return outcome.ok
      ? outcome.places.map((place) => ({ label: place.name ?? "", position: place.position }))
      : [];
  } catch {
    // Storage switched off (private mode, a policy): the pins live as long as the page.
    return [];
  }
}

/** The pins placed in the lab, kept in this browser. */
export function usePins() {
  const [pins, setPins] = useState<LabPin[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setPins(loadPins());
    setLoaded(true);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, pinsGeoJson(pins));
    } catch {
      // As in loadPins: nothing to keep them in.
    }
  }, [pins, loaded]);
  return {
    pins,
    add: (pin: LabPin) => setPins((current) => [...current, pin]),
    remove: (index: number) => setPins((current) => current.filter((_, i) => i !== index)),
  };
}

const buttonClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-3 font-semibold text-sm hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60";

export function CopyGpsButton({ position }: { position: LatLng }) {
  const t = useT();
  const copy = async () => {
    const text = gpsCoordinatesText(position);
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t("Copied {text}", { text }));
    } catch {
      notify.error(t("Could not copy the coordinates"));
    }
  };
  return (
    <button type="button" onClick={() => void copy()} className={buttonClass}>
      <Copy aria-hidden="true" className="size-4" />
      {t("Copy as gps_coordinates")}
    </button>
  );
}

/** What a tool offers for the place it shows: copy it for the add-stall form, keep it as a pin. */
export function PinActions({ pin, onAdd }: { pin: LabPin; onAdd: (pin: LabPin) => void }) {
  const t = useT();
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <CopyGpsButton position={pin.position} />
      <button
        type="button"
        onClick={() => {
          onAdd(pin);
          notify.success(t("Added to your pins"));
        }}
        className={buttonClass}
      >
        <MapPinPlus aria-hidden="true" className="size-4" />
        {t("Add to my pins")}
      </button>
    </div>
  );
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/geo+json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = PINS_FILE_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers still read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PinsPanel({ pins, onRemove }: { pins: LabPin[]; onRemove: (index: number) => void }) {
  const t = useT();
  return (
    <div>
      {pins.length === 0 ? (
        <p className="text-ink-muted text-sm">{t("No pins yet. Add one from the maps above.")}</p>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border">
          {pins.map((pin, index) => (
            <li
              // Pins have no identity beyond their place in the list: two may be the same spot.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1">
                <span className="block break-words font-medium">{pin.label || t(DROPPED_PIN)}</span>
                <span className="font-mono text-ink-muted tabular-nums">
                  {formatCoordinates(pin.position)}
                </span>
              </span>
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={t("Remove {name}", { name: pin.label || t(DROPPED_PIN) })}
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-muted"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        disabled={pins.length === 0}
        onClick={() => download(pinsGeoJson(pins))}
        className={`mt-3 ${buttonClass}`}
      >
        <Download aria-hidden="true" className="size-4" />
        {t("Export pins (GeoJSON)")}
      </button>
    </div>
  );
}
