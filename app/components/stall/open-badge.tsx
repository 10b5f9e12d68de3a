import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { OpenState } from "~/lib/rules/open-status";

/**
 * Open / closed badge. Within a maybe day's hours the state is "maybe" (outside them, closed): Discover's Open
 * Now includes those hours, list views elsewhere do not; either way they are shown honestly as "Maybe open".
 */
export function OpenBadge({
  state,
  openLabel = msg("Open"),
  className = "",
}: {
  state: OpenState;
  openLabel?: string;
  className?: string;
}) {
  const t = useT();
  const styles =
    state === "open"
      ? "bg-green-700 text-white"
      : state === "maybe"
        ? "bg-amber-300 text-amber-950"
        : "bg-red-700 text-white";
  const label = state === "open" ? t(openLabel) : state === "maybe" ? t("Maybe open") : t("Closed");
  return (
    <span className={`rounded-full px-2 py-0.5 font-semibold text-xs ${styles} ${className}`}>{label}</span>
  );
}
