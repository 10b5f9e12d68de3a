// Imported by the build's plugin (vite-i18n-catalogues.ts) and the server alike: plain, without the "~/" alias.

/**
 * The file a language's catalogue is built into: its language and content hash, both known before the build, so the
 * server names it in a page's head (a module preload) and the browser's import of it finds it fetched (ADR 055).
 */
export const catalogueFileName = (language: string, version: string) =>
  `assets/messages-${language}-${version}.js`;
