// The server's translators, one per language, for everything it writes itself (ADR 019): the page it renders,
// and the texts with values it fills in for their reader (an action's answer, an e-mail, a notification). Plain
// modules, so the API and the models bundled by wrangler's esbuild read them as well as Vite's build.
import { messages as english } from "./compiled/en";
import { messages as hindi } from "./compiled/hi";
import type { Language } from "./languages";
import { createI18n, type I18n, type Translate, translate } from "./translate";

// Shared by every request: nothing ever activates another language on them.
const translators: Record<Language, I18n> = { en: createI18n("en", english), hi: createI18n("hi", hindi) };

/** The translator React renders a page with. */
export function i18nFor(language: Language): I18n {
  return translators[language];
}

/** `t("Your stall \"{name}\" is live", { name })` in `language`. */
export function translatorFor(language: Language): Translate {
  const i18n = translators[language];
  return (message, values) => translate(i18n, message, values);
}
