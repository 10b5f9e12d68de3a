import type { Language } from "./languages";
import type { Messages } from "./translate";

// The browser's catalogues, one chunk per language (compiled from app/lib/i18n/locales by vite-i18n-catalogues.ts):
// a page downloads only its own language's messages. The server reads them all at once (translator.server.ts).
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("./compiled/en"),
  hi: () => import("./compiled/hi"),
};

export async function loadMessages(language: Language): Promise<Messages> {
  return (await catalogs[language]()).messages;
}
