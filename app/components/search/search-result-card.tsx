import { Footprints, MapPin } from "lucide-react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { BookmarkButton } from "~/components/stall/bookmark-button";
import { OpenBadge } from "~/components/stall/open-badge";
import { CardLink, FirstTags, Rating } from "~/components/stall/stall-card";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { minutesOnFoot } from "~/lib/rules/walking";
import type { SearchResultItem } from "~/models/search.server";

/** Beyond this a walking time stops being useful; the distance alone is shown. */
const WALKABLE_KM = 5;

/** A result: thumbnail, name, heart, open badge, rating, price, distance and walk from a known location, tags. */
export function SearchResultCard({
  stall,
  location,
  firstOnScreen,
}: {
  stall: SearchResultItem;
  location: LatLng | null;
  firstOnScreen?: boolean;
}) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const km = location ? distanceKm(location, { lat: stall.latitude, lng: stall.longitude }) : null;
  return (
    <article className="relative flex gap-3 rounded-xl border border-border bg-surface p-3">
      <StallImage
        src={stall.thumbnail_image}
        alt=""
        firstOnScreen={firstOnScreen}
        className="size-24 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h4 className="font-semibold leading-tight">
            <CardLink stall={stall} />
          </h4>
          <BookmarkButton stallId={stall.id} stallName={stall.name} className="relative z-10 shrink-0" />
        </div>
        <p className="line-clamp-2 text-ink-muted text-sm">{stall.description}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <OpenBadge state={stall.open_state} />
          <Rating value={stall.rating_average} />
          <span>
            <span className="sr-only">{t("Price range")} </span>
            {stall.price_range}
          </span>
          {km !== null ? (
            <>
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" /> {formatDistance(km)}
              </span>
              {km <= WALKABLE_KM ? (
                <span className="inline-flex items-center gap-1">
                  <Footprints aria-hidden="true" className="size-3.5" />{" "}
                  {t("{minutes} min walk", { minutes: minutesOnFoot(km) })}
                </span>
              ) : null}
            </>
          ) : null}
        </p>
        <FirstTags tags={stall.tags} max={2} className="mt-1" />
      </div>
    </article>
  );
}
