import { Link } from "@remix-run/react";
import { MapPin, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useActionFetcher } from "~/components/form/use-action-fetcher";
import { StarRatingInput } from "~/components/reviews/stars";
import { Sentence, slot } from "~/components/sentence";
import { useFormatDistance } from "~/components/settings/preferences-display";
import { Rating } from "~/components/stall/stall-card";
import { StallImage } from "~/components/stall/stall-image";
import { FavouriteNote } from "~/components/trail/favourite-note";
import { useLabel } from "~/components/use-label";
import { useLocale } from "~/components/use-locale";
import { useT } from "~/components/use-t";
import { distanceKm, type LatLng } from "~/lib/rules/geo";
import { formatDay } from "~/lib/rules/time-format";
import type { Favourite } from "~/models/favourite.server";

const RATING_SETTLE_MS = 400;

/** One bookmark on My Food Trail (a list item): the stall, the user's own stars and private note, and remove. */
export function TrailCard({ favourite, from }: { favourite: Favourite; from: LatLng | null }) {
  const { stall } = favourite;
  // A failed answer is toasted; the optimistic value then falls back to the loader's.
  const rating = useActionFetcher();
  const remove = useActionFetcher();
  const locale = useLocale();
  const t = useT();
  const label = useLabel();
  const formatDistance = useFormatDistance();
  // Optimistic: the stars show the choice at once; the card hides while its removal runs. Arrow keys walk through
  // the stars, so only the star the user settles on is sent.
  const [chosen, setChosen] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The stars last sent: a rating queued offline reloads nothing (skipReloadWhenQueued), so the card keeps showing
  // it rather than the loader's older value until the queue has sent it.
  const [sent, setSent] = useState<number | null>(null);
  const pendingRating = rating.formData?.get("personal_rating");
  const personalRating =
    chosen ??
    (pendingRating ? Number(pendingRating) : rating.data?.queued ? sent : favourite.personal_rating);
  const choose = (value: number) => {
    setChosen(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSent(value);
      rating.submit(
        { intent: "rating", stallId: stall.id, personal_rating: String(value) },
        { method: "post" },
      );
      setChosen(null);
    }, RATING_SETTLE_MS);
  };
  if (remove.formData) return null;
  const km = from ? distanceKm(from, { lat: stall.latitude, lng: stall.longitude }) : null;

  return (
    <li>
      <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm sm:flex-row">
        <Link to={`/stall/${stall.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0 sm:w-48">
          <StallImage
            src={stall.thumbnail_image}
            alt=""
            className="aspect-[16/10] size-full object-cover sm:aspect-auto"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-semibold text-lg leading-tight">
              <Link to={`/stall/${stall.id}`} className="hover:underline">
                {stall.name}
              </Link>
            </h2>
            <Rating value={stall.rating_average} className="shrink-0" />
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-muted text-sm">
            {km !== null ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4 text-primary" />{" "}
                {t("{distance} away", { distance: formatDistance(km) })}
              </span>
            ) : null}
            <span>
              <Sentence
                text={t("Added {date}", { date: slot("date") })}
                parts={{
                  date: (
                    <time dateTime={new Date(favourite.created_at).toISOString()}>
                      {formatDay(favourite.created_at, locale)}
                    </time>
                  ),
                }}
              />
            </span>
          </p>
          <p className="line-clamp-2 text-sm">{stall.description}</p>
          {stall.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label={t("Tags")}>
              {stall.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs">
                  {label(tag)}
                </li>
              ))}
            </ul>
          ) : null}
          <StarRatingInput
            // Radios with one name form one group across the page, so each card's stars get their own.
            name={`personal-rating-${stall.id}`}
            legend={t("Your rating")}
            value={personalRating}
            onChange={choose}
          />
          <FavouriteNote stallId={favourite.stallId} stallName={stall.name} note={favourite.note} />
          <remove.Form method="post" className="mt-auto self-end">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="stallId" value={stall.id} />
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-full border border-closed px-3 py-1 font-semibold text-closed text-sm"
            >
              <Trash2 aria-hidden="true" className="size-4" /> {t("Remove")}
              <span className="sr-only"> {stall.name}</span>
            </button>
          </remove.Form>
        </div>
      </article>
    </li>
  );
}
