// The interface languages and the cookie that keeps a visitor's choice (ADR 019). Choosing one for a request is in
// choose-language.ts, which the browser never needs.
import { cookieValue } from "~/lib/http/cookie";
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

export function languageFromCookieHeader(cookieHeader: string | null): Language | null {
  const value = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
