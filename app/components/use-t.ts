import { useCallback } from "react";
import { useI18n } from "~/components/i18n-provider";
import { type MessageValues, type Translate, translate } from "~/lib/i18n/translate";

/**
 * The page's translator: `t("Open now")`, `t("{count, plural, one {# stall} other {# stalls}}", { count })`. The
 * English text is the message's key (ADR 019); a component using it re-renders when the language changes.
 */
export function useT(): Translate {
  const [i18n] = useI18n();
  return useCallback((message: string, values?: MessageValues) => translate(i18n, message, values), [i18n]);
}
