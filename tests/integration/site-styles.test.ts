import { describe, expect, it } from "vitest";
import { sendToWorker } from "../worker-fetch";

// The site's stylesheet comes inside each page's head (ADR 058): the first paint waits for no request of its own.

describe("the site's styles", () => {
  it.each(["/", "/search", "/auth"])(
    "%s carries the whole sheet in its head, ahead of every script",
    async (path) => {
      const response = await sendToWorker(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));
      const styles = [
        ...head.matchAll(/<style data-precedence="site" data-href="nukkad-site">([\s\S]*?)<\/style>/g),
      ];
      expect(styles).toHaveLength(1);
      const css = styles[0]?.[1] ?? "";
      // app.css's palette, its dark palette, its font with the file's hashed address, and Tailwind's utilities.
      expect(css).toContain("--background:#fffaf3");
      expect(css).toMatch(/\.dark\{--background:#1a120c/);
      expect(css).toMatch(/src:url\(\/assets\/language-names-[\w-]+\.woff2\)/);
      expect(css).toMatch(/\.snap-mandatory\{/);
      expect(head.indexOf("<style")).toBeLessThan(head.search(/<link rel="modulepreload"|<script/));
      expect(html).not.toMatch(/<link rel="stylesheet"/);
    },
  );
});
