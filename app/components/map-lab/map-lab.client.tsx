// The Map Lab (/map): the spec's five demo maps as working tools, a GeoJSON/GPX viewer and the visitor's pins.
// Loaded in the browser only, after mount (app/routes/map.tsx), so Leaflet is in no page's first load.
import type { ReactNode } from "react";
import { TitledSection } from "~/components/layout/titled-section";
import { useT } from "~/components/use-t";
import { DragTool } from "./drag-tool.client";
import { ImportTool } from "./import-tool.client";
import { LocationTool } from "./location-tool.client";
import { PinsPanel, usePins } from "./pins";
import { SearchTool } from "./search-tool.client";
import { FocusTool, NearbyTool } from "./stall-tools.client";
import type { LabStall } from "./types";

function Tool({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <TitledSection
      id={id}
      title={title}
      className="min-w-0 rounded-xl border border-border bg-surface p-4"
      titleClassName="font-bold text-lg"
    >
      <p className="mb-3 text-ink-muted text-sm">{description}</p>
      {children}
    </TitledSection>
  );
}

export default function MapLab({ stalls }: { stalls: LabStall[] }) {
  const t = useT();
  const { pins, add, remove } = usePins();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Tool
        id="lab-drag"
        title={t("Drag-and-drop marker")}
        description={t("Find the exact coordinates and address of a spot.")}
      >
        <DragTool onAddPin={add} />
      </Tool>
      <Tool
        id="lab-nearby"
        title={t("Stalls nearby")}
        description={t("The three stalls nearest the middle of the map.")}
      >
        <NearbyTool initial={stalls} />
      </Tool>
      <Tool
        id="lab-location"
        title={t("Your current location")}
        description={t("Where your device says you are, and how sure it is.")}
      >
        <LocationTool onAddPin={add} />
      </Tool>
      <Tool id="lab-search" title={t("Search and pin")} description={t("Find a place by name and pin it.")}>
        <SearchTool onAddPin={add} />
      </Tool>
      <Tool id="lab-focus" title={t("Focused map")} description={t("One stall, close up.")}>
        <FocusTool stalls={stalls} />
      </Tool>
      <Tool
        id="lab-import"
        title={t("Show a file on the map")}
        description={t("Open a GeoJSON or GPX file, such as a walk you recorded.")}
      >
        <ImportTool />
      </Tool>
      <Tool
        id="lab-pins"
        title={t("My pins")}
        description={t("Pins you add are kept in this browser. Export them as GeoJSON for other map apps.")}
      >
        <PinsPanel pins={pins} onRemove={remove} />
      </Tool>
    </div>
  );
}
