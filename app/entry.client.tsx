import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadMessages } from "~/lib/i18n/catalogs";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { provideMetaTranslators } from "~/lib/i18n/page-meta";
import { createI18n } from "~/lib/i18n/translate";

// The server wrote the page in <html lang>'s language, and its head preloads that language's catalogue (ADR 055):
// one file, the same on every page and kept by the browser's cache, fetched beside the page's scripts, so this import
// finds it here or on its way. Hydrating with the same messages keeps the server's text.
const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;

function hydrate(messages: Messages) {
  const i18n = createI18n(language, messages);
  // Titles follow the messages this browser holds, which LanguageSync keeps on the page's language.
  provideMetaTranslators(() => i18n);
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
}

// Without its catalogue (offline, never cached) the page still comes alive: English reads as written, and what
// React draws again is in English rather than nowhere.
loadMessages(language)
  .catch((): Messages => ({}))
  .then(hydrate);
