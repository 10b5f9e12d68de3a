import { type FormEvent, useId, useRef, useState } from "react";
import LocationMap from "~/components/map/location-map.client";
import { type Message, StatusLine } from "~/components/map/status-line";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { formatCoordinates, GETTING_ADDRESS, lookupAddress } from "~/lib/client/location-picker";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import { DROPPED_PIN, LAB_ZOOM, type LabPin, sixDecimals } from "~/lib/rules/map-lab";
import { PinActions } from "./pins";

/** The two typed coordinates, each with the range the browser checks before the form is sent. */
const COORDINATES = [
  { axis: "lat", label: msg("Latitude"), limit: 90 },
  { axis: "lng", label: msg("Longitude"), limit: 180 },
] as const;

const inputClass =
  "min-h-11 w-full min-w-0 rounded-lg border border-border bg-surface px-3 py-2 font-mono text-ink tabular-nums";

/**
 * A pin to drag (or tap into place, or move with the arrow keys once focused): its coordinates with six decimals
 * and the address there. Latitude and longitude can also be typed, for keyboards and for pasting.
 */
export function DragTool({ onAddPin }: { onAddPin: (pin: LabPin) => void }) {
  const t = useT();
  const id = useId();
  const [position, setPosition] = useState<LatLng>(DEFAULT_LOCATION);
  const [flyKey, setFlyKey] = useState(0);
  const [address, setAddress] = useState<string | null>(null);
  const [status, setStatus] = useState<Message>({
    tone: "info",
    text: msg("Move the pin to look up the address there."),
  });
  const [typed, setTyped] = useState({ lat: sixDecimals(position.lat), lng: sixDecimals(position.lng) });
  // Only the newest lookup may update the screen.
  const lookupRun = useRef(0);

  async function moveTo(next: LatLng) {
    setPosition(next);
    setTyped({ lat: sixDecimals(next.lat), lng: sixDecimals(next.lng) });
    setAddress(null);
    setStatus({ tone: "info", text: GETTING_ADDRESS });
    const run = ++lookupRun.current;
    const outcome = await lookupAddress(next);
    if (run !== lookupRun.current) return;
    if (outcome.ok) {
      setAddress(outcome.address);
      setStatus({ tone: "info", text: outcome.address, label: msg("Address") });
    } else {
      setStatus({ tone: "error", text: outcome.error });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The inputs' own min, max and required rules have passed: the browser checks them before submitting.
    const next = { lat: Number(typed.lat), lng: Number(typed.lng) };
    if (!Number.isFinite(next.lat) || !Number.isFinite(next.lng)) return;
    setFlyKey((key) => key + 1);
    void moveTo(next);
  }

  return (
    <div>
      <p id={`${id}-help`} className="mb-2 text-ink-muted text-sm">
        {t(
          "Drag the marker or tap the map to set the exact spot. With a keyboard, focus the marker and use the arrow keys.",
        )}
      </p>
      <LocationMap
        position={position}
        zoom={LAB_ZOOM}
        flyKey={flyKey}
        onDrop={(next) => void moveTo(next)}
        describedBy={`${id}-help`}
      />
      <p className="mt-2 text-sm">
        <span className="text-ink-muted">{t("Coordinates:")} </span>
        <span className="font-mono tabular-nums" data-testid="drag-coordinates">
          {formatCoordinates(position)}
        </span>
      </p>
      <StatusLine message={status} />
      <form onSubmit={onSubmit} className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto]">
        {COORDINATES.map(({ axis, label, limit }) => (
          <label key={axis} className="text-sm">
            <span className="block font-medium">{t(label)}</span>
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min={-limit}
              max={limit}
              required
              value={typed[axis]}
              onChange={(event) => setTyped((current) => ({ ...current, [axis]: event.target.value }))}
              className={inputClass}
            />
          </label>
        ))}
        <button
          type="submit"
          className="col-span-2 min-h-11 self-end rounded-lg bg-primary px-4 font-semibold text-primary-foreground sm:col-span-1"
        >
          {t("Move pin")}
        </button>
      </form>
      <PinActions pin={{ label: address ?? t(DROPPED_PIN), position }} onAdd={onAddPin} />
    </div>
  );
}
