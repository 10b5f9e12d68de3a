// How a request's language is chosen (ADR 019): the person's setting (their profile when signed in, else a
// cookie), then the browser's Accept-Language, then English; and the locale its dates and numbers are written in.
import { chooseLocale } from "~/lib/rules/time-format";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromCookieHeader } from "./languages";

/** The language a request is answered in. */
export function chooseLanguage(choice: {
  setting: string | null | undefined;
  cookieHeader: string | null;
  acceptLanguage: string | null;
}): Language {
  if (isLanguage(choice.setting)) return choice.setting;
  const cookie = languageFromCookieHeader(choice.cookieHeader);
  if (cookie) return cookie;
  const preferred = chooseLocale(choice.acceptLanguage).split("-")[0];
  return isLanguage(preferred) ? preferred : DEFAULT_LANGUAGE;
}

/**
 * The locale dates, times and numbers are written in: Hindi pages in hi-IN (Indian digit grouping, 1,00,000);
 * English ones in the browser's English (en-US writes 6:30 PM, en-GB 18:30), en-IN when it asks for another language.
 */
export function formatLocaleFor(language: Language, acceptLanguage: string | null): string {
  if (language === "hi") return "hi-IN";
  const locale = chooseLocale(acceptLanguage);
  return locale.startsWith("en") ? locale : "en-IN";
}
