import { Crosshair } from "lucide-react";
import { PendingButton } from "~/components/form/pending-button";

/** Discover's and My Food Trail's "Use My Location"; `className` sizes it. */
export function UseMyLocationButton({
  locating,
  onClick,
  className,
}: {
  locating: boolean;
  onClick: () => void;
  className: string;
}) {
  return (
    <PendingButton
      pending={locating}
      pendingLabel="Getting Location..."
      icon={<Crosshair aria-hidden="true" className="size-4" />}
      onClick={onClick}
      className={`${className} inline-flex items-center gap-1 rounded-full border border-primary font-semibold text-primary-strong disabled:opacity-60`}
    >
      Use My Location
    </PendingButton>
  );
}
