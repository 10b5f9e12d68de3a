import { LocateFixed } from "lucide-react";
import { BusyIcon } from "~/components/busy-icon";
import { useT } from "~/components/use-t";
import { type Message, StatusLine } from "./status-line";

/** The location picker's "Use My Current Location" button and the status of the request it starts. */
export function CurrentLocationButton({
  locating,
  message,
  onLocate,
}: {
  locating: boolean;
  message: Message;
  onLocate: () => void;
}) {
  const t = useT();
  return (
    <div>
      <button
        type="button"
        onClick={onLocate}
        disabled={locating}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-4 font-semibold text-primary-strong hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60"
      >
        <BusyIcon busy={locating} icon={LocateFixed} className="size-4" />
        {t("Use My Current Location")}
      </button>
      <StatusLine message={message} />
    </div>
  );
}
