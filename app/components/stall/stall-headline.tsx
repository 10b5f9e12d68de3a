import { BadgeCheck, MapPin, ShieldQuestion, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { OpenBadge } from "~/components/stall/open-badge";
import { StallActions } from "~/components/stall/stall-actions";
import { DiscoveryTag, Rating } from "~/components/stall/stall-card";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import type { OpenState } from "~/lib/rules/open-status";
import type { StallDetail } from "~/models/stall/stall.server";

/** The stall page's header: verification, open and review badges, the name, rating, place, category and tags, and
 * the actions (`addToTrail` among them). */
export function StallHeadline({
  stall,
  state,
  addToTrail,
}: {
  stall: Pick<
    StallDetail,
    | "id"
    | "name"
    | "is_verified"
    | "status"
    | "status_reason"
    | "rating_average"
    | "rating_count"
    | "location"
    | "category"
    | "tags"
    | "discovery_tags"
    | "contact_number"
  >;
  state: OpenState;
  addToTrail: ReactNode;
}) {
  const t = useT();
  const label = useLabel();
  return (
    <header className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {stall.is_verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 text-xs">
            <BadgeCheck aria-hidden="true" className="size-4" /> {t("Verified Business")}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 font-semibold text-ink-muted text-xs">
            <ShieldQuestion aria-hidden="true" className="size-4" /> {t("Pending Verification")}
          </span>
        )}
        <OpenBadge state={state} openLabel={msg("Open Now")} />
        {stall.status !== "approved" ? (
          <span className="rounded-full bg-amber-200 px-2 py-0.5 font-semibold text-amber-950 text-xs">
            {stall.status === "pending"
              ? t("Waiting for review")
              : t("Rejected: {reason}", { reason: stall.status_reason ?? "" })}
          </span>
        ) : null}
      </div>
      <h1 className="font-extrabold text-3xl">{stall.name}</h1>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Rating value={stall.rating_average} />
        <span className="text-ink-muted text-sm">
          {t("({count, plural, one {# review} other {# reviews}})", { count: stall.rating_count })}
        </span>
        <span className="inline-flex items-center gap-1 text-sm">
          <MapPin aria-hidden="true" className="size-4 text-primary" />
          {stall.location || t("Location not available")}
        </span>
      </p>
      <p className="flex flex-wrap items-center gap-1">
        <span className="inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900 text-xs">
          <Tag aria-hidden="true" className="size-3" /> {label(stall.category)}
        </span>
        {stall.tags.map((tag) => (
          <span key={tag} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs">
            {label(tag)}
          </span>
        ))}
        {stall.discovery_tags.map((tag) => (
          <DiscoveryTag key={tag} tag={tag} />
        ))}
      </p>
      <StallActions
        stallId={stall.id}
        name={stall.name}
        phone={stall.contact_number}
        addToTrail={addToTrail}
      />
    </header>
  );
}
