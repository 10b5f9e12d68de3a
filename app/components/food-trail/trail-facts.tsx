import { Footprints, Store } from "lucide-react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useT } from "~/components/use-t";
import { authorName } from "~/lib/rules/deleted-user";

/** Who made a trail, as its card and its page say it. */
export function TrailByline({ curated, author }: { curated: boolean; author: { name: string } | null }) {
  const t = useT();
  return (
    <span>
      {curated
        ? t("Curated by Nukkad")
        : t("By {name}", { name: author ? authorName(t, author.name) : t("a Nukkad member") })}
    </span>
  );
}

/** A trail's stops and walking distance, as its card and its page count them. */
export function TrailWalk({ stops, walkingKm }: { stops: number; walkingKm: number }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Store aria-hidden="true" className="size-4 text-primary" />
        {t("{count, plural, one {# stop} other {# stops}}", { count: stops })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Footprints aria-hidden="true" className="size-4 text-primary" />
        {t("{distance} walking", { distance: formatDistance(walkingKm) })}
      </span>
    </>
  );
}
