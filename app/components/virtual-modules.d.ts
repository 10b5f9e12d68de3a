declare module "virtual:lucide-icon-sprite" {
  /** `<symbol>` elements drawing SPRITE_ICONS, made by vite-first-load.ts's lucideIconSprite at build time. */
  const symbols: string;
  export default symbols;
}
