import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { MARKER_COLOURS, MARKER_LEGEND, YOU_ARE_HERE_COLOUR } from "~/lib/rules/markers";

/** The map's colours; "You are here" only while the map shows the visitor's position. */
export function MapLegend({ youAreHere }: { youAreHere: boolean }) {
  const t = useT();
  const items = MARKER_LEGEND.map(({ kind, label }) => ({ label, colour: MARKER_COLOURS[kind] }));
  if (youAreHere) items.push({ label: msg("You are here"), colour: YOU_ARE_HERE_COLOUR });
  return (
    <TitledSection
      id="map-legend"
      title={t("Map Legend")}
      className="rounded-xl border border-border bg-surface p-3"
      titleClassName="font-semibold text-sm"
    >
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {items.map(({ label, colour }) => (
          <li key={label} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3.5 rounded-full border-2 border-white shadow"
              style={{ background: colour }}
            />
            {t(label)}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
