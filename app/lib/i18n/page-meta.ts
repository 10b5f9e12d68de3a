// A page's <title> and description in the page's language (ADR 019). Remix calls `meta` outside React, so it cannot
// read the page's translator from context: each entry provides the translators (the server's by language, the
// browser's own), and the meta reads the page's language from the root loader's data.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";
import { type I18n, type Translate, translate } from "./translate";

let translators: ((language: Language) => I18n) | undefined;

/** Called by entry.server.tsx and entry.client.tsx, and by LanguageSync with the next language's messages. */
export function provideMetaTranslators(translatorFor: (language: Language) => I18n): void {
  translators = translatorFor;
}

/**
 * The meta's translator: `const t = metaTranslator(matches)`, then `{ title: pageTitle(t("Settings")) }`, so the
 * messages are written `t("…")` as everywhere else (and checked as such).
 */
export function metaTranslator(matches: readonly { id: string; data?: unknown }[]): Translate {
  if (!translators) throw new Error("No translators: entry.server.tsx and entry.client.tsx provide them");
  const root = matches.find((match) => match.id === "root")?.data as { language?: unknown } | undefined;
  const i18n = translators(isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE);
  return (message, values) => translate(i18n, message, values);
}

/** "Settings · Nukkad", "Dish aliases · Moderation · Nukkad": the page's name, then where it is. */
export function pageTitle(...parts: string[]): string {
  return [...parts, "Nukkad"].join(" · ");
}
