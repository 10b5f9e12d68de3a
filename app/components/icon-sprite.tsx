import spriteSymbols from "virtual:lucide-icon-sprite";

const SPRITE_ELEMENT_ID = "icon-sprite";
let symbolsTheServerWrote: string | undefined;

/**
 * The shapes of the icons every page draws (SPRITE_ICONS), once per document, for their `<use>` to point at
 * (ADR 060). Only the server's build holds them: Rollup drops the unused import from the client's code. The browser
 * takes them from the server's HTML when it first renders, so that a document React ever draws anew (after a
 * hydration error) has them too.
 */
export function IconSprite() {
  const symbols = import.meta.env.SSR
    ? spriteSymbols
    : // biome-ignore lint/suspicious/noAssignInExpressions: read once, before React has touched the element.
      (symbolsTheServerWrote ??= document.getElementById(SPRITE_ELEMENT_ID)?.innerHTML ?? "");
  return (
    <svg
      id={SPRITE_ELEMENT_ID}
      aria-hidden="true"
      className="hidden"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's shapes, written at build time, attributes escaped.
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}
