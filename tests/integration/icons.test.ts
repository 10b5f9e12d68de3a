import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sendToWorker } from "../worker-fetch";

// The build draws lucide's icons from their shapes with svgIcon (ADR 057), not with lucide-react. Here every icon on
// pages as the Worker draws them is held to what lucide-react itself draws for the same props: the same shapes, and
// the same attributes but for lucide's own class names, which nothing styles.

interface Svg {
  attributes: Map<string, string>;
  inner: string;
}

function parseSvgs(html: string): Svg[] {
  return [...html.matchAll(/<svg\b([^>]*)>([\s\S]*?)<\/svg>/g)].map(([, attributes = "", inner = ""]) => ({
    attributes: new Map(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name, value]),
    ),
    inner,
  }));
}

const withoutLucideClasses = (className: string | undefined) =>
  (className ?? "")
    .split(/\s+/)
    .filter((token) => token && token !== "lucide" && !token.startsWith("lucide-"))
    .join(" ");

/** An icon every page draws points into the page's sprite (ADR 060): its drawing is that symbol's shapes. */
function withSpriteShapes(inner: string, html: string): string {
  const id = inner.match(/^<use href="#([\w-]+)"><\/use>$/)?.[1];
  if (!id) return inner;
  const symbol = html.match(new RegExp(`<symbol id="${id}" viewBox="0 0 24 24">([\\s\\S]*?)</symbol>`))?.[1];
  if (symbol === undefined) throw new Error(`the page has no symbol #${id} for its icon to use`);
  return symbol.replace(/<(\w+)([^>]*)\/>/g, "<$1$2></$1>");
}

// Each lucide icon by its drawing: the shapes are what tells one icon from another.
const lucideByShapes = new Map<string, (typeof icons)[keyof typeof icons]>();
for (const icon of Object.values(icons)) {
  const svg = parseSvgs(renderToStaticMarkup(createElement(icon)))[0];
  if (svg && !lucideByShapes.has(svg.inner)) lucideByShapes.set(svg.inner, icon);
}

describe("icons as the pages draw them", () => {
  it.each(["/", "/search", "/auth", "/help"])(
    "%s: each is lucide's, drawn as lucide-react draws it",
    async (path) => {
      const response = await sendToWorker(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const drawn = parseSvgs(html)
        .filter((svg) => svg.attributes.get("stroke") === "currentColor")
        .map((svg) => ({ ...svg, inner: withSpriteShapes(svg.inner, html) }));
      // The header's logo and the tab bar's five at least.
      expect(drawn.length).toBeGreaterThanOrEqual(6);
      for (const svg of drawn) {
        const icon = lucideByShapes.get(svg.inner);
        expect(icon, `an icon drawn as ${svg.inner.slice(0, 80)}`).toBeDefined();
        if (!icon) continue;
        const props = Object.fromEntries(
          [...svg.attributes].filter(([name]) => name === "class" || name.startsWith("aria-")),
        ) as Record<string, string>;
        const { class: className, ...aria } = props;
        const lucide = parseSvgs(renderToStaticMarkup(createElement(icon, { className, ...aria })))[0];
        if (!lucide) throw new Error("lucide-react drew no svg");
        const expected = new Map(lucide.attributes);
        const classes = withoutLucideClasses(lucide.attributes.get("class"));
        if (classes) expected.set("class", classes);
        else expected.delete("class");
        expect(Object.fromEntries(svg.attributes)).toEqual(Object.fromEntries(expected));
      }
    },
  );
});
