// The Map Lab (/map): the spec's five demo maps as working tools, a GeoJSON/GPX viewer and the visitor's pins.
// Loaded in the browser only, after mount (app/routes/map.tsx), so Leaflet is in no page's first load.
import type { ReactNode } from "react";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { DragTool } from "./drag-tool.client";
import { ImportTool } from "./import-tool.client";
import { LocationTool } from "./location-tool.client";
import { PinsPanel, usePins } from "./pins";
import { SearchTool } from "./search-tool.client";
import { FocusTool, NearbyTool } from "./stall-tools.client";
import type { LabStall } from "./types";

/** Each tool: its heading's id, title and one line on what it is for, then the tool itself. */
type LabTool = readonly [id: string, title: string, description: string, tool: ReactNode];

export default function MapLab({ stalls }: { stalls: LabStall[] }) {
  const t = useT();
  const { pins, add, remove } = usePins();
  const tools: readonly LabTool[] = [
    [
      "lab-drag",
      msg("Drag-and-drop marker"),
      msg("Find the exact coordinates and address of a spot."),
      <DragTool key="drag" onAddPin={add} />,
    ],
    [
      "lab-nearby",
      msg("Stalls nearby"),
      msg("The three stalls nearest the middle of the map."),
      <NearbyTool key="nearby" initial={stalls} />,
    ],
    [
      "lab-location",
      msg("Your current location"),
      msg("Where your device says you are, and how sure it is."),
      <LocationTool key="location" onAddPin={add} />,
    ],
    [
      "lab-search",
      msg("Search and pin"),
      msg("Find a place by name and pin it."),
      <SearchTool key="search" onAddPin={add} />,
    ],
    ["lab-focus", msg("Focused map"), msg("One stall, close up."), <FocusTool key="focus" stalls={stalls} />],
    [
      "lab-import",
      msg("Show a file on the map"),
      msg("Open a GeoJSON or GPX file, such as a walk you recorded."),
      <ImportTool key="import" />,
    ],
    [
      "lab-pins",
      msg("My pins"),
      msg("Pins you add are kept in this browser. Export them as GeoJSON for other map apps."),
      <PinsPanel key="pins" pins={pins} onRemove={remove} />,
    ],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {tools.map(([id, title, description, tool]) => (
        <TitledSection
          key={id}
          id={id}
          title={t(title)}
          className="min-w-0 rounded-xl border border-border bg-surface p-4"
          titleClassName="font-bold text-lg"
        >
          <p className="mb-3 text-ink-muted text-sm">{t(description)}</p>
          {tool}
        </TitledSection>
      ))}
    </div>
  );
}
