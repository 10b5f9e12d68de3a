import { Link } from "@remix-run/react";
import { Bookmark, EyeOff, Footprints, Lock, MapPin, Store } from "lucide-react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import { trailEstimate } from "~/lib/rules/trail-estimate";
import type { TrailSummary } from "~/lib/schemas/food-trail";
import { TrailByline } from "./trail-byline";

/** A trail in a list: cover from its stops, title, area, stops, walking distance, estimate, author and saves. */
export function FoodTrailCard({ trail }: { trail: TrailSummary }) {
  const t = useT();
  const formatDistance = useFormatDistance();
  const estimate = trailEstimate(trail.estimate_minutes, { generatedThreeStops: false });
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      <StallImage src={trail.cover_image} alt="" className="aspect-[16/9] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold text-lg leading-tight">
          <Link
            to={`/food-trails/${trail.id}`}
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {trail.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-ink-muted text-sm">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {trail.area}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1">
            <Store aria-hidden="true" className="size-4 text-primary" />
            {t("{count, plural, one {# stop} other {# stops}}", { count: trail.stop_count })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Footprints aria-hidden="true" className="size-4 text-primary" />
            {t("{distance} walking", { distance: formatDistance(trail.walking_km) })}
          </span>
        </p>
        <p className="text-sm">{t(estimate.message, estimate.values)}</p>
        <p className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-ink-muted text-sm">
          <TrailByline trail={trail} />
          <span className="inline-flex items-center gap-2">
            {trail.hidden_reason !== null ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-closed text-xs">
                <EyeOff aria-hidden="true" className="size-3" /> {t("Hidden by a moderator")}
              </span>
            ) : null}
            {trail.visibility === "private" ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs">
                <Lock aria-hidden="true" className="size-3" /> {t("Private")}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <Bookmark aria-hidden="true" className="size-4" />
              {t("{count, plural, one {# save} other {# saves}}", { count: trail.saves })}
            </span>
          </span>
        </p>
      </div>
    </li>
  );
}
