import { Clock } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TitledSection } from "./titled-section";

type TitledSectionProps = Parameters<typeof TitledSection>[0];

const render = (props: Omit<TitledSectionProps, "children">) =>
  // children come as createElement's third argument, which its typing does not count as the required prop.
  renderToStaticMarkup(
    createElement(TitledSection, props as TitledSectionProps, createElement("p", null, "Body")),
  );

describe("TitledSection", () => {
  it("is named by its heading, which comes before what it holds", () => {
    expect(render({ id: "reviews", title: "Reviews", look: "panel" })).toBe(
      '<section aria-labelledby="reviews" class="rounded-xl border border-border bg-surface p-5">' +
        '<h2 id="reviews" class="font-bold text-xl">Reviews</h2><p>Body</p></section>',
    );
  });

  it("puts a hidden icon before the title, and the section's own id where a link points at it", () => {
    const html = render({ id: "hours-title", title: "Hours", icon: Clock, anchor: "hours", heading: "h3" });
    expect(html).toMatch(/^<section id="hours" aria-labelledby="hours-title">/);
    expect(html).toMatch(
      /<h3 id="hours-title" class="flex items-center gap-2 font-bold text-xl"><svg[^>]*aria-hidden="true"/,
    );
    expect(html).toContain("</svg> Hours</h3>");
  });

  it("lets a page replace the look of the box and of the heading", () => {
    expect(render({ id: "legend", title: "Map Legend", className: "p-3", titleClassName: "text-sm" })).toBe(
      '<section aria-labelledby="legend" class="p-3"><h2 id="legend" class="text-sm">Map Legend</h2><p>Body</p></section>',
    );
  });
});
