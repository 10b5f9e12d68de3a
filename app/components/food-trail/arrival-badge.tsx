import { useT } from "~/components/use-t";
import type { OpenState } from "~/lib/rules/open-status";

/**
 * Whether a stop is open when the walker gets there. A stall open when the walk starts but closed on arrival
 * "closes before you get there"; one closed all along is simply closed then.
 */
export function ArrivalBadge({ state, openAtStart }: { state: OpenState; openAtStart: boolean }) {
  const t = useT();
  const [label, look] =
    state === "open"
      ? [t("Open when you arrive"), "bg-green-700 text-white"]
      : state === "maybe"
        ? [t("Maybe open when you arrive"), "bg-amber-300 text-amber-950"]
        : [
            openAtStart ? t("Closes before you get there") : t("Closed when you arrive"),
            "bg-red-700 text-white",
          ];
  return <span className={`rounded-full px-2 py-0.5 font-semibold text-xs ${look}`}>{label}</span>;
}
