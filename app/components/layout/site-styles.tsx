import siteCss from "~/app.css?inline";

/**
 * The site's stylesheet, written by the server into the page's head (ADR 058). As a file it was the one request a
 * first paint waited for, and it shared a phone's link with the page's ~50 scripts: over HTTP/2 it arrived a second
 * after the page. The browser's bundle carries none of it: React finds the server's <style> by its href and keeps
 * it, through every later navigation.
 */
export function SiteStyles() {
  return (
    <style href="nukkad-site" precedence="site">
      {import.meta.env.SSR ? siteCss : ""}
    </style>
  );
}
