import { useLingui } from "@lingui/react";
import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { loadMessages } from "~/lib/i18n/catalogs";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n/languages";
import { useT } from "./use-t";

/** The page's language, as the root loader chose it. */
export function useLanguage(): Language {
  return useRouteLoaderData<{ language: Language }>("root")?.language ?? DEFAULT_LANGUAGE;
}

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

export const MESSAGES_ELEMENT_ID = "nukkad-messages";

/**
 * The page's messages, written into the HTML as JSON (not run, so the CSP does not concern it): the browser
 * hydrates with them at once instead of fetching its language's chunk first, which would leave the server's HTML
 * without its scripts for another round trip (ADR 019).
 */
export function MessagesScript({ nonce }: { nonce?: string }) {
  const { i18n } = useLingui();
  // "<" escaped, so no message can close the script element.
  const json = JSON.stringify(i18n.messages).replace(/</g, "\\u003c");
  return (
    <script
      id={MESSAGES_ELEMENT_ID}
      type="application/json"
      // Data, not run; it carries the nonce anyway, so every inline script of the page does.
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own catalogue, "<" escaped above.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** English / हिन्दी: a plain form, so it works before the page's code has loaded, and comes back to this page. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/language" className={className} aria-label={t("Language")}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <div className="inline-flex rounded-full border border-border p-0.5">
        {LANGUAGES.map((option) => (
          <button
            key={option}
            type="submit"
            name="language"
            value={option}
            lang={option}
            aria-pressed={option === language}
            className={`language-name min-h-9 rounded-full px-3 text-sm ${option === language ? "bg-primary text-primary-foreground" : "text-ink"}`}
          >
            {LANGUAGE_NAMES[option]}
          </button>
        ))}
      </div>
    </Form>
  );
}
