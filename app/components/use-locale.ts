import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LOCALE } from "~/lib/rules/time-format";

/**
 * The viewer's locale for dates and times, as the root loader chose it from Accept-Language: the server and the
 * browser read the same one, so hydration meets the text the server wrote (navigator.language might differ).
 */
export function useLocale(): string {
  return useRouteLoaderData<{ locale: string }>("root")?.locale ?? DEFAULT_LOCALE;
}
