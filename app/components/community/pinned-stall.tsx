import { Link } from "@remix-run/react";
import { MapPin } from "lucide-react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { OpenBadge } from "~/components/stall/open-badge";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import type { PinnedStallView } from "~/lib/schemas/community";

/** The stall a post is pinned to: its picture, name, open status and, when the reader's position is known, distance. */
export function PinnedStall({ stall }: { stall: PinnedStallView }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <Link
      to={`/stall/${encodeURIComponent(stall.id)}`}
      className="mt-3 flex items-center gap-3 rounded-xl border border-border bg-surface-muted p-2 hover:border-primary"
    >
      <StallImage src={stall.thumbnail_image} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{stall.name}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-muted text-xs">
          <OpenBadge state={stall.open_state} />
          {stall.distance_km !== null ? (
            <span>{t("{distance} away", { distance: formatDistance(stall.distance_km) })}</span>
          ) : null}
          <span className="inline-flex min-w-0 items-center gap-1">
            <MapPin aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{stall.location}</span>
          </span>
        </span>
      </span>
    </Link>
  );
}
