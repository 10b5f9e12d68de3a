import type { OpenState } from "~/lib/open-status";

/**
 * Open / closed badge. `rule` says which of the spec's two readings applies: Discover counts a "maybe" day as
 * open, list views do not; either way a maybe day is shown honestly as "Maybe open".
 */
export function OpenBadge({
  state,
  openLabel = "Open",
  className = "",
}: {
  state: OpenState;
  openLabel?: string;
  className?: string;
}) {
  const styles =
    state === "open"
      ? "bg-green-700 text-white"
      : state === "maybe"
        ? "bg-amber-300 text-amber-950"
        : "bg-red-700 text-white";
  const label = state === "open" ? openLabel : state === "maybe" ? "Maybe open" : "Closed";
  return (
    <span className={`rounded-full px-2 py-0.5 font-semibold text-xs ${styles} ${className}`}>{label}</span>
  );
}
