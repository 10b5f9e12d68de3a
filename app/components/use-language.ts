import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";

/** The page's language, as the root loader chose it. */
export function useLanguage(): Language {
  return useRouteLoaderData<{ language: Language }>("root")?.language ?? DEFAULT_LANGUAGE;
}
