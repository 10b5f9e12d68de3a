import type { LinguiConfig } from "@lingui/conf";

// The string catalogues (ADR 019). Messages are keyed by their English text (gettext's way), so English needs
// entries only where a message has ICU parts (plurals, values) to compile; Hindi has every message.
// vite-i18n-catalogues.ts compiles them into app/lib/i18n/compiled; scripts/check-i18n.mjs finds what is missing.
const config: LinguiConfig = {
  locales: ["en", "hi"],
  sourceLocale: "en",
  catalogs: [{ path: "<rootDir>/app/lib/i18n/locales/{locale}", include: ["app"] }],
  format: "po",
};

export default config;
