import { useEffect } from "react";
import { useT } from "~/components/use-t";
import { notify } from "~/lib/client/notify";
import type { ActionAnswer } from "~/lib/http/action-answer";

/** A page action's answer said in a toast, once per answer (not again when only the language changes). */
export function useAnswerToast(answer: Pick<ActionAnswer, "ok" | "message"> | undefined) {
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not once per language.
  useEffect(() => {
    if (answer?.message) (answer.ok ? notify.success : notify.error)(t(answer.message));
  }, [answer]);
}
