import { ZoomControl } from "react-leaflet";
import { useT } from "~/components/use-t";

/**
 * Leaflet's zoom buttons named in the page's language: Leaflet's own carry English titles, which screen readers
 * read on Hindi pages too. Every map turns the default off (`zoomControl={false}`) and draws this instead; the key
 * draws it anew after a switch of language, since Leaflet reads the titles once.
 */
export function MapZoomControl() {
  const t = useT();
  const zoomIn = t("Zoom in");
  return <ZoomControl key={zoomIn} zoomInTitle={zoomIn} zoomOutTitle={t("Zoom out")} />;
}
