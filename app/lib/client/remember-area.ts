import { areaCookie } from "~/lib/http/discover-area";
import type { DiscoverArea } from "~/lib/schemas/stall-query";

/** Keeps where Discover's map looks for the server's next render of the page (ADR 015). */
export function rememberArea(area: DiscoverArea) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, and areaCookie builds the whole value.
  document.cookie = areaCookie(area);
}
