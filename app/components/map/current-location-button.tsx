import { LocateFixed } from "lucide-react";
import { BusyIcon } from "~/components/busy-icon";
import { useT } from "~/components/use-t";
import { type Message, StatusLine } from "./status-line";

/**
 * The location picker's "Use My Current Location" button (or another `label` and look) and the status of the request
 * it starts.
 */
export function CurrentLocationButton({
  locating,
  message,
  onLocate,
  label,
  className = "border border-border bg-surface text-primary-strong hover:bg-surface-muted",
}: {
  locating: boolean;
  message: Message;
  onLocate: () => void;
  label?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <div>
      <button
        type="button"
        onClick={onLocate}
        disabled={locating}
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      >
        <BusyIcon busy={locating} icon={LocateFixed} className="size-4" />
        {label ?? t("Use My Current Location")}
      </button>
      <StatusLine message={message} />
    </div>
  );
}
