import { Navigation } from "lucide-react";
import { lazy } from "react";
import { TitledSection } from "~/components/layout/titled-section";
import { ClientMap } from "~/components/map/client-map";
import { MapPreview } from "~/components/map/map-preview";
import { useT } from "~/components/use-t";
import { formatGps } from "~/lib/rules/geo";
import { MARKER_COLOURS, markerKind } from "~/lib/rules/markers";
import type { StallDetail } from "~/models/stall/stall.server";

const StallMap = lazy(() => import("~/components/map/stall-map.client"));

/** The stall page's Location: the place, its map (loaded as it nears the screen) and directions in Google Maps. */
export function StallLocation({
  stall,
  open,
}: {
  stall: Pick<StallDetail, "name" | "location" | "latitude" | "longitude" | "discovery_tags">;
  /** Open or maybe open now: the marker's colour says so. */
  open: boolean;
}) {
  const markerColour = MARKER_COLOURS[markerKind(open, stall.discovery_tags)];
  const t = useT();
  return (
    <TitledSection id="location" title={t("Location")} look="panel">
      <p className="mt-1 text-ink-muted text-sm">{stall.location || t("Location not available")}</p>
      <div className="mt-3">
        {/* Below the fold on a phone: Leaflet loads as the map nears the screen, and until then the
            stall's marker shows where the map will draw it. */}
        <ClientMap
          height={256}
          whenVisible
          preview={<MapPreview markers={[{ x: 0, y: 0, colour: markerColour }]} />}
        >
          <StallMap lat={stall.latitude} lng={stall.longitude} name={stall.name} colour={markerColour} />
        </ClientMap>
      </div>
      <a
        href={`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatGps({ lat: stall.latitude, lng: stall.longitude }))}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-primary-foreground"
      >
        <Navigation aria-hidden="true" className="size-4" /> {t("Navigate Here")}
        <span className="sr-only">{t("(opens in a new tab)")}</span>
      </a>
    </TitledSection>
  );
}
