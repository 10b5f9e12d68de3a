import { catalogueFileName } from "./catalogue-file";
import { CATALOGUE_VERSIONS } from "./compiled/versions";
import type { Language } from "./languages";

/** Where the browser fetches a language's catalogue: the built file, or in development the module Vite serves. */
export function catalogueUrl(language: Language): string {
  if (import.meta.env.DEV) return `/app/lib/i18n/compiled/${language}.ts`;
  return `/${catalogueFileName(language, CATALOGUE_VERSIONS[language])}`;
}
