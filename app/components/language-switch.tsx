import { Form, useLocation } from "@remix-run/react";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n/languages";
import { useLanguage } from "./use-language";
import { useT } from "./use-t";

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
