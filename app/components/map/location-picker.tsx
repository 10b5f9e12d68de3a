import { lazy, useId } from "react";
import { useT } from "~/components/use-t";
import { formatCoordinates, type GeolocationMode } from "~/lib/client/location-picker";
import type { LatLng } from "~/lib/rules/geo";
import { ClientMap } from "./client-map";
import { CurrentLocationButton } from "./current-location-button";
import { LocationSearch } from "./location-search";
import { StatusLine } from "./status-line";
import { type LocationPickerChange, useLocationPicker } from "./use-location-picker";

export type { LocationPickerChange, LocationPickerSource } from "./use-location-picker";

const LocationMap = lazy(() => import("./location-map.client"));

const MAP_HEIGHT = 320;

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
  const t = useT();
  const picker = useLocationPicker(value, onChange, geolocation);
  const helpId = `${id}-help`;

  return (
    <div className="space-y-3">
      <LocationSearch inputId={`${id}-search`} onChoose={picker.chooseResult} />

      <CurrentLocationButton
        locating={picker.locating}
        message={picker.locateMessage}
        onLocate={() => void picker.locateMe()}
      />

      <div>
        <p id={helpId} className="mb-2 text-ink-muted text-sm">
          {t(
            "Drag the marker or tap the map to set the exact spot. With a keyboard, focus the marker and use the arrow keys.",
          )}
        </p>
        <ClientMap height={MAP_HEIGHT}>
          <LocationMap
            position={value}
            zoom={picker.zoom}
            flyKey={picker.flyKey}
            onDrop={picker.onDrop}
            describedBy={helpId}
          />
        </ClientMap>
        <p className="mt-2 text-sm">
          <span className="text-ink-muted">{t("Coordinates:")} </span>
          {value ? (
            <span className="font-mono tabular-nums">{formatCoordinates(value)}</span>
          ) : (
            <span className="text-ink-muted">{t("No location chosen yet")}</span>
          )}
        </p>
        <StatusLine message={picker.address} />
      </div>
    </div>
  );
}
