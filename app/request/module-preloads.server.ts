import type { EntryContext } from "@remix-run/cloudflare";
import type { PageHandle } from "./page-handle";

/**
 * The Remix context a page is drawn with, less the module preloads a video-first page should not make (ADR 064).
 *
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every file of the matched routes' imports: 44 on
 * /reels, most of them chunks of under 2 KB. The browser fetches them all as soon as it reads the HTML, before it
 * parses the body, so the first reel's clip was requested after them and shared the phone's link with every one.
 * On a page whose first paint is a video the HTML names only the entry, the chunks every page runs (the entry's
 * imports) and the matched routes' own modules; the browser finds the rest through those modules' imports once
 * they run, after the clip has started. Only the preload links change: the inline manifest (and so the client's
 * Remix) is written from the same context, and no other part of Remix reads a current route's imports.
 */
export function withoutVideoFirstPreloads(context: EntryContext): EntryContext {
  const matched = context.staticHandlerContext.matches.map((match) => match.route.id);
  const videoFirst = matched.some(
    (id) => (context.routeModules[id]?.handle as PageHandle | undefined)?.firstPaint === "video",
  );
  if (!videoFirst) return context;
  const routes = { ...context.manifest.routes };
  for (const id of matched) {
    const route = routes[id];
    if (route) routes[id] = { ...route, imports: [] };
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}
