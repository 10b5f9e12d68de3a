import type { ReactNode } from "react";
import { CardLink } from "./stall-card";
import { StallImage } from "./stall-image";

/** The profile's small stall card (Stalls and Saved tabs): thumbnail, name linking to the stall, then the lines
 * each tab adds. `action` sits above the card-wide link, so a button there stays clickable. */
export function CompactStallCard({
  stall,
  children,
  action,
}: {
  stall: { id: string; name: string; thumbnail_image: string | null };
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="relative flex gap-3 rounded-xl border border-border bg-surface p-3">
      <StallImage src={stall.thumbnail_image} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          <CardLink stall={stall} />
        </h3>
        {children}
      </div>
      {action}
    </li>
  );
}
