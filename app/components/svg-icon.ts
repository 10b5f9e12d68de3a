import { createElement, type SVGProps } from "react";

/** One of an icon's shapes, as lucide's data gives it: a tag and its attributes. */
export type IconShape = [tag: string, attributes: Record<string, string | number>];

const SVG_ATTRIBUTES = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** An accessible name or role given: the icon is not decoration, so it is not hidden from assistive technology. */
function named(props: object): boolean {
  return Object.entries(props).some(
    ([prop, value]) => (prop.startsWith("aria-") || prop === "role" || prop === "title") && value != null,
  );
}

/**
 * A lucide icon drawn from its shapes alone (ADR 057): the build turns `import { House } from "lucide-react"` into
 * `svgIcon(<house's shapes>)`, so a page carries lucide's drawings without lucide-react's runtime (its context,
 * forwardRef wrappers and attribute builder, ~1.4 KB gzip on every page) or its `lucide lucide-house` classes, which
 * nothing here styles. tests/integration/icons.test.ts holds the markup to lucide-react's.
 */
export function svgIcon(shapes: IconShape[]) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon at module level, never during a render.
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return createElement(
      "svg",
      { ...SVG_ATTRIBUTES, "aria-hidden": named(props) ? undefined : "true", ...props },
      ...shapes.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  };
}
