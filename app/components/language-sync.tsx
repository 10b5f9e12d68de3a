import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { loadMessages } from "~/lib/i18n/catalogs";
import { useLanguage } from "./use-language";

/**
 * Keeps the browser's translator on the root loader's language: after a switch the page is revalidated in place
 * (its state kept), this fetches the new language's messages, and every useT re-renders with them.
 */
export function LanguageSync() {
  const language = useLanguage();
  const { i18n } = useLingui();
  useEffect(() => {
    if (i18n.locale === language) return;
    let current = true;
    loadMessages(language).then((messages) => {
      if (!current) return;
      i18n.load(language, messages);
      i18n.activate(language);
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);
  return null;
}
