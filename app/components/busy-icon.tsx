import { LoaderCircle, type LucideIcon } from "lucide-react";

/** A button's icon: a spinner while its work runs (`busy`), `icon` otherwise. */
export function BusyIcon({
  busy,
  icon: Icon,
  className,
}: {
  busy: boolean;
  icon: LucideIcon;
  className: string;
}) {
  return busy ? (
    <LoaderCircle aria-hidden="true" className={`${className} animate-spin`} />
  ) : (
    <Icon aria-hidden="true" className={className} />
  );
}
