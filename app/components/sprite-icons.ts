/**
 * The icons every page draws: the header's, the tab bar's and the footer's (lucide's file names). The server writes
 * their shapes once into each document (IconSprite) and every use of one is a reference to it, so none of their
 * drawings is in a page's JavaScript (ADR 060). An icon that only some pages draw carries its shapes in their code.
 */
export const SPRITE_ICONS = [
  "bell",
  "bookmark",
  "circle-plus",
  "compass",
  "film",
  "house",
  "menu",
  "moon",
  "newspaper",
  "route",
  "search",
  "settings",
  "shield-check",
  "sun",
  "user",
  "utensils-crossed",
] as const;

/** The id of an icon's drawing in the document's sprite. */
export const spriteSymbolId = (file: string) => `icon-${file}`;
