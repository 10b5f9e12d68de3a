import { useEffect } from "react";
import { loadMessages } from "~/lib/i18n/catalogs";
import { provideMetaTranslators } from "~/lib/i18n/page-meta";
import { createI18n } from "~/lib/i18n/translate";
import { useI18n } from "./i18n-provider";
import { useLanguage } from "./use-language";

/**
 * Keeps the browser's translator on the root loader's language: after a switch the page is revalidated in place
 * (its state kept), this fetches the new language's messages, and every useT re-renders with them.
 */
export function LanguageSync() {
  const language = useLanguage();
  const [i18n, change] = useI18n();
  useEffect(() => {
    if (i18n.language === language) return;
    let current = true;
    loadMessages(language).then((messages) => {
      if (!current) return;
      const next = createI18n(language, messages);
      // Before the render it causes: the page's <title> is written in it too.
      provideMetaTranslators(() => next);
      change(next);
    });
    return () => {
      current = false;
    };
  }, [i18n, change, language]);
  return null;
}
