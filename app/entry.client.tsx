import { I18nProvider } from "@lingui/react";
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadMessages } from "~/lib/i18n/catalogs";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { createI18n } from "~/lib/i18n/translate";

// The server wrote the page in <html lang>'s language: hydrate with that language's messages, so the text matches.
const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;

loadMessages(language).then((messages) => {
  const i18n = createI18n(language, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RemixBrowser />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
