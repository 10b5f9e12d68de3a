import { msg } from "~/lib/i18n/translate";

// Marker colours on maps: closed red; open stalls yellow for hidden gem, amber for trending now, blue for
// popular spot (the first that matches, in that order), otherwise green. The visitor's own position is violet,
// a colour no stall marker uses.

export type MarkerKind = "closed" | "hidden-gem" | "trending" | "popular" | "open";

export const MARKER_COLOURS: Record<MarkerKind, string> = {
  closed: "#dc2626",
  "hidden-gem": "#eab308",
  trending: "#f59e0b",
  popular: "#2563eb",
  open: "#16a34a",
};

/** A stall's dot and a cluster's disc (in the clusters' own colour, with the count), drawn alike by the map and by
 * the preview in the page's HTML (the `map-dot` class, app.css, gives both their border and shadow). */
export const STALL_DOT_PX = 24;
export const CLUSTER_COLOUR = "#c2410c";
export const clusterDiscPx = (count: number) => (count < 10 ? 34 : count < 100 ? 42 : 50);

/** The "You are here" dot. */
export const YOU_ARE_HERE_COLOUR = "#7c3aed";

export const MARKER_LEGEND: { kind: MarkerKind; label: string }[] = [
  { kind: "open", label: msg("Open") },
  { kind: "closed", label: msg("Closed") },
  { kind: "hidden-gem", label: msg("Hidden Gem") },
  { kind: "trending", label: msg("Trending") },
  { kind: "popular", label: msg("Popular Spot") },
];

export function markerKind(isOpen: boolean, discoveryTags: readonly string[]): MarkerKind {
  if (!isOpen) return "closed";
  if (discoveryTags.includes("hidden gem")) return "hidden-gem";
  if (discoveryTags.includes("trending now")) return "trending";
  if (discoveryTags.includes("popular spot")) return "popular";
  return "open";
}
