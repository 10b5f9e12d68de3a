import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import type { MessageValues } from "~/lib/i18n/translate";

/**
 * The page's translator: `t("Open now")`, `t("{count, plural, one {# stall} other {# stalls}}", { count })`. The
 * English text is the message's key (ADR 019); a component using it re-renders when the language changes.
 */
export function useT(): (message: string, values?: MessageValues) => string {
  const { i18n } = useLingui();
  return useCallback((message: string, values?: MessageValues) => i18n._(message, values), [i18n]);
}
