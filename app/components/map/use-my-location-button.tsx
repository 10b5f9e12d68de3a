import { Crosshair } from "lucide-react";
import { PendingButton } from "~/components/form/pending-button";
import { useT } from "~/components/use-t";

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
  const t = useT();
  return (
    <PendingButton
      pending={locating}
      pendingLabel={t("Getting Location...")}
      icon={<Crosshair aria-hidden="true" className="size-4" />}
      onClick={onClick}
      className={`${className} inline-flex items-center gap-1 rounded-full border border-primary font-semibold text-primary-strong disabled:opacity-60`}
    >
      {t("Use My Location")}
    </PendingButton>
  );
}
