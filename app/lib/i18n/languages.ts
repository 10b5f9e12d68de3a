// The interface languages and how one is chosen for a request (ADR 019): the person's setting (their profile when
// signed in, else a cookie), then the browser's Accept-Language, then English.
import { chooseLocale } from "~/lib/rules/time-format";

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** What each language calls itself, for the switcher: a person looking for their language reads it in it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी" };

export const LANGUAGE_COOKIE = "nukkad-lang";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

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

export function languageFromCookieHeader(cookieHeader: string | null): Language | null {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`))?.[1];
  return isLanguage(value) ? value : null;
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
