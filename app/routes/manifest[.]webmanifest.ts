import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BACKGROUND_COLOUR, THEME_COLOUR } from "~/components/pwa/theme-colours";
import { translatorFor } from "~/lib/i18n/translator.server";

/** The web app manifest (ADR 029), in the visitor's language: the shortcuts' names are read on the home screen. */
export async function loader({ context }: LoaderFunctionArgs) {
  const language = await context.language();
  const t = translatorFor(language);
  const shortcut = (name: string, url: string) => ({
    name,
    url,
    icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
  });
  const manifest = {
    id: "/",
    name: "Nukkad",
    short_name: "Nukkad",
    description: t(
      "Discover, map and bookmark hidden street-food stalls in Bangalore and Delhi. Free for everyone.",
    ),
    lang: language,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ["food", "travel", "lifestyle"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      shortcut(t("Discover"), "/discover"),
      shortcut(t("Search"), "/search"),
      shortcut(t("Add a Stall"), "/add-stall"),
      shortcut(t("My Food Trail"), "/bookmarks"),
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
