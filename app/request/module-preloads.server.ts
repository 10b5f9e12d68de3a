import type { EntryContext } from "@remix-run/cloudflare";
import type { PageHandle } from "./page-handle";

/**
 * The Remix context a page is drawn with, less the module preloads a video-first page should not make (ADR 064).
 *
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every file of the entry's and the matched routes'
 * imports: 44 on /reels, most of them chunks of under 2 KB. The browser requests them all as soon as it reads the
 * HTML, before it parses the body, so the first reel's clip was requested ~150 ms later at 4x CPU and then shared
 * the phone's link with them. On a page whose first paint is a video the HTML names only the entry and the matched
 * routes' own modules; the browser finds the rest (the framework, the layout, the route's chunks) through their
 * imports when the body's inline module runs, after the clip has started. Only the preload links change: the
 * inline manifest the browser's Remix reads is written from the same context, and the one other reader of these
 * lists, a `<Link prefetch>` to the same route (none on these pages today), would prefetch what this page has run.
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
  const entry = { ...context.manifest.entry, imports: [] };
  return { ...context, manifest: { ...context.manifest, entry, routes } };
}
