import type { Messages } from "@lingui/core";
import type { Language } from "./languages";

// One chunk per language, compiled from app/lib/i18n/locales/<language>.po by the Lingui Vite plugin when built: a page
// downloads only its own language's messages.
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en.po"),
  hi: () => import("./locales/hi.po"),
};

export async function loadMessages(language: Language): Promise<Messages> {
  return (await catalogs[language]()).messages;
}
