import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nProvider } from "~/components/i18n-provider";
import { MESSAGES_ELEMENT_ID } from "~/components/messages-script";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { provideMetaTranslators } from "~/lib/i18n/page-meta";
import { createI18n, type Messages } from "~/lib/i18n/translate";

// The server wrote the page in <html lang>'s language and put that language's messages beside it as JSON: hydrate
// with them at once, so the text matches and nothing waits for another download (ADR 019).
const lang = document.documentElement.lang;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
const messages = JSON.parse(document.getElementById(MESSAGES_ELEMENT_ID)?.textContent || "{}") as Messages;
const i18n = createI18n(language, messages);
// Titles are written with the messages this browser holds (LanguageSync provides the next language's).
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
