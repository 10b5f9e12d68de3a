import { createContext, type ReactNode, useContext, useState } from "react";
import type { I18n } from "~/lib/i18n/translate";

const I18nContext = createContext<[i18n: I18n, change: (next: I18n) => void] | null>(null);

/**
 * The page's translator, for useT. The server renders with its language's; the browser starts with the messages the
 * server wrote into the page, and LanguageSync changes to another language's once it has them: every component
 * that translates renders again, its state kept.
 */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={useState(i18n)}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useI18n needs an I18nProvider above it: the entries render one");
  return context;
}
