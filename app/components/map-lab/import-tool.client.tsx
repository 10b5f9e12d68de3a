import { X } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { CircleMarker, Polygon, Polyline, Tooltip } from "react-leaflet";
import { type Message, StatusLine } from "~/components/map/status-line";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION } from "~/lib/client/geolocation";
import { type ImportedLayer, layerBounds, MAX_IMPORT_BYTES } from "~/lib/rules/map-import";
import { importFileProblem, LAB_ZOOM, readImport } from "~/lib/rules/map-lab";
import { FitBox, LabMap } from "./lab-map.client";

const IMPORT_COLOUR = "#2563eb";

interface Shown {
  /** Counts the files read, so shapes of one file never keep those of the one before. */
  reading: number;
  layer: ImportedLayer;
}

/** Shows a GeoJSON or GPX file on the map. The file is read here, in the browser, and never uploaded. */
export function ImportTool() {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState<Message>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const refusal = importFileProblem(file.name, file.size);
    const outcome = refusal ? { ok: false as const, ...refusal } : readImport(file.name, await file.text());
    if (!outcome.ok) {
      setShown(null);
      setStatus({ tone: "error", text: t(outcome.error, outcome.values) });
      return;
    }
    setShown((current) => ({ reading: (current?.reading ?? 0) + 1, layer: outcome }));
    setStatus({
      tone: "success",
      text: t(
        "{file}: {places, plural, one {# place} other {# places}} and {lines, plural, one {# line} other {# lines}}",
        { file: file.name, places: outcome.places.length, lines: outcome.paths.length },
      ),
    });
  }

  function clear() {
    setShown(null);
    setStatus(null);
    if (input.current) input.current.value = "";
  }

  const box = shown ? layerBounds(shown.layer) : null;
  return (
    <div>
      <label htmlFor={`${id}-file`} className="block font-medium text-sm">
        {t("GeoJSON or GPX file")}
      </label>
      <p id={`${id}-hint`} className="text-ink-muted text-sm">
        {t("Up to {size} MB. The file is read on this device and not uploaded.", {
          size: MAX_IMPORT_BYTES / 2 ** 20,
        })}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".geojson,.json,.gpx,application/geo+json,application/gpx+xml"
          aria-describedby={`${id}-hint`}
          onChange={(event) => void onChange(event)}
          className="min-h-11 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-primary-foreground"
        />
        {shown ? (
          <button
            type="button"
            onClick={clear}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 font-semibold text-sm hover:bg-surface-muted"
          >
            <X aria-hidden="true" className="size-4" />
            {t("Clear")}
          </button>
        ) : null}
      </div>
      <StatusLine message={status} />
      <div className="mt-3">
        <LabMap center={DEFAULT_LOCATION} zoom={LAB_ZOOM} label={t("Map of the imported file")}>
          {box ? <FitBox box={box} /> : null}
          {shown?.layer.paths.map((path, index) => {
            const positions = path.path.map(({ lat, lng }) => [lat, lng] as [number, number]);
            const Shape = path.closed ? Polygon : Polyline;
            return (
              <Shape
                // Shapes have no identity of their own, and the list is replaced whole by the next file.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${shown.reading}-path-${index}`}
                positions={positions}
                pathOptions={{ color: IMPORT_COLOUR, weight: path.closed ? 3 : 4 }}
              >
                {path.name ? <Tooltip sticky>{path.name}</Tooltip> : null}
              </Shape>
            );
          })}
          {shown?.layer.places.map((place, index) => (
            <CircleMarker
              // As the paths' keys.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${shown.reading}-place-${index}`}
              center={[place.position.lat, place.position.lng]}
              radius={7}
              pathOptions={{ color: "#ffffff", weight: 2, fillColor: IMPORT_COLOUR, fillOpacity: 1 }}
            >
              {place.name ? <Tooltip>{place.name}</Tooltip> : null}
            </CircleMarker>
          ))}
        </LabMap>
      </div>
    </div>
  );
}
