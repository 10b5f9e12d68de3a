import { MARKER_COLOURS, MARKER_LEGEND } from "~/lib/rules/markers";

export function MapLegend() {
  return (
    <section aria-labelledby="map-legend" className="rounded-xl border border-border bg-surface p-3">
      <h2 id="map-legend" className="font-semibold text-sm">
        Map Legend
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {MARKER_LEGEND.map(({ kind, label }) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 rounded-full border-2 border-white shadow"
              style={{ background: MARKER_COLOURS[kind] }}
            />
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
