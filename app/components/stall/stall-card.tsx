import { Link } from "@remix-run/react";
import { MapPin, Phone, Sparkles, Star } from "lucide-react";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { useLabel } from "~/components/use-label";
import { useT } from "~/components/use-t";
import { msg } from "~/lib/i18n/translate";
import { discoveryTagLabel } from "~/lib/rules/options";
import type { StallListItem } from "~/models/stall/stall.server";
import { BookmarkButton } from "./bookmark-button";
import { OpenBadge } from "./open-badge";
import { StallImage } from "./stall-image";

type CardStall = Pick<
  StallListItem,
  | "id"
  | "name"
  | "description"
  | "thumbnail_image"
  | "location"
  | "contact_number"
  | "rating_average"
  | "tags"
  | "discovery_tags"
  | "open_state"
  | "distance"
>;

export function Rating({ value, className = "" }: { value: number | null; className?: string }) {
  const t = useT();
  if (value === null) return <span className={`text-ink-muted text-sm ${className}`}>{t("New")}</span>;
  return (
    <span className={`inline-flex items-center gap-1 font-semibold text-sm ${className}`}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span>
        {value.toFixed(1)}
        <span className="sr-only"> {t("out of 5")}</span>
      </span>
    </span>
  );
}

/** A tag of a stall, as a chip. */
export function Tag({ children }: { children: string }) {
  return <span className="rounded-full bg-surface-muted px-2 py-0.5 text-ink text-xs">{children}</span>;
}

/** A stall's discovery label ("Hidden Gem", "Trending Now"), set apart from its tags by colour and a sparkle. */
export function DiscoveryTag({ tag }: { tag: string }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 text-xs capitalize">
      <Sparkles aria-hidden="true" className="size-3" /> {t(discoveryTagLabel(tag))}
    </span>
  );
}

/** A stall's first `max` tags, as chips. */
export function FirstTags({ tags, max, className }: { tags: string[]; max: number; className: string }) {
  const label = useLabel();
  return (
    <p className={`flex flex-wrap gap-1 ${className}`}>
      {tags.slice(0, max).map((tag) => (
        <Tag key={tag}>{label(tag)}</Tag>
      ))}
    </p>
  );
}

/** The whole card is one link (the name's link stretches over it); the heart sits above it as its own button. */
export function CardLink({ stall }: { stall: { id: string; name: string } }) {
  return (
    <Link
      to={`/stall/${stall.id}`}
      className="after:absolute after:inset-0 after:content-[''] hover:underline"
    >
      {stall.name}
    </Link>
  );
}

interface CardProps {
  stall: CardStall;
  /** The page's first card: its photo is fetched at once (StallImage). */
  firstOnScreen?: boolean;
}

/** A card's top: the stall's photo, with its open badge (`openLabel` for the open state) and its heart over it. */
function CardCover({ stall, firstOnScreen, openLabel }: CardProps & { openLabel?: string }) {
  return (
    <div className="relative aspect-[16/10] bg-surface-muted">
      <StallImage
        src={stall.thumbnail_image}
        alt=""
        firstOnScreen={firstOnScreen}
        className="size-full object-cover"
      />
      <OpenBadge state={stall.open_state} openLabel={openLabel} className="absolute top-2 left-2" />
      <BookmarkButton stallId={stall.id} stallName={stall.name} className="absolute top-2 right-2 z-10" />
    </div>
  );
}

/** Discover's card: thumbnail, heart, Open Now/Closed badge, name, rating if any, description, location, distance
 * (one decimal) if known, contact number if any, three tags plus a "+N more" chip, and up to two discovery tags. */
export function DiscoverStallCard({ stall, firstOnScreen }: CardProps) {
  const extraTags = stall.tags.length - 3;
  const t = useT();
  const label = useLabel();
  const formatDistance = useFormatDistance();
  return (
    <article className="paint-when-near relative flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      <CardCover stall={stall} firstOnScreen={firstOnScreen} openLabel={msg("Open Now")} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold text-lg leading-tight">
            <CardLink stall={stall} />
          </h2>
          {stall.rating_average !== null ? <Rating value={stall.rating_average} /> : null}
        </div>
        <p className="line-clamp-2 text-ink-muted text-sm">{stall.description}</p>
        <p className="flex items-center gap-1 text-sm">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="truncate">{stall.location}</span>
          {stall.distance !== null ? (
            <span className="ml-auto shrink-0 font-semibold">{formatDistance(stall.distance)}</span>
          ) : null}
        </p>
        {stall.contact_number ? (
          <p className="flex items-center gap-1 text-ink-muted text-sm">
            <Phone aria-hidden="true" className="size-4" />
            {stall.contact_number}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-1">
          {stall.tags.slice(0, 3).map((tag) => (
            <Tag key={tag}>{label(tag)}</Tag>
          ))}
          {extraTags > 0 ? <Tag>{t("+{count} more", { count: extraTags })}</Tag> : null}
          {stall.discovery_tags.slice(0, 2).map((tag) => (
            <DiscoveryTag key={tag} tag={tag} />
          ))}
        </div>
      </div>
    </article>
  );
}

/** Home's smaller card: name, description, image, distance, rating, only the first two tags, heart, open badge. */
export function HomeStallCard({ stall, firstOnScreen }: CardProps) {
  const t = useT();
  const formatDistance = useFormatDistance();
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm">
      <CardCover stall={stall} firstOnScreen={firstOnScreen} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold leading-tight">
          <CardLink stall={stall} />
        </h3>
        <p className="line-clamp-2 text-ink-muted text-sm">{stall.description}</p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <Rating value={stall.rating_average} />
          {stall.distance !== null ? (
            <span className="text-ink-muted text-sm">
              {t("{distance} away", { distance: formatDistance(stall.distance) })}
            </span>
          ) : null}
        </div>
        <FirstTags tags={stall.tags} max={2} className="pt-1" />
      </div>
    </article>
  );
}
