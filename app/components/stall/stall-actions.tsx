import { Heart, Phone, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { ShareButton } from "~/components/share-button";
import { useFavourite } from "~/components/stall/bookmark-button";
import { useT } from "~/components/use-t";

/** The stall page's buttons under its name: the heart, Share (the share sheet, else the link copied), Call and the
 * 'Add to a trail' menu it is given. */
export function StallActions({
  stallId,
  name,
  phone,
  addToTrail,
}: {
  stallId: string;
  name: string;
  phone: string | null;
  addToTrail: ReactNode;
}) {
  const favourite = useFavourite(stallId);
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      <button
        type="button"
        aria-pressed={favourite.favourited}
        onClick={(event) => void favourite.onClick(event)}
        className="inline-flex items-center gap-2 rounded-full border border-primary px-4 py-2 font-semibold text-primary-strong"
      >
        <Heart aria-hidden="true" className={`size-4 ${favourite.favourited ? "fill-current" : ""}`} />
        {favourite.favourited ? t("Added to Favorites") : t("Add to Favorites")}
      </button>
      <ShareButton
        path={`/stall/${stallId}`}
        title={name}
        text={t("{name} on Nukkad", { name })}
        className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold"
      >
        <Share2 aria-hidden="true" className="size-4" /> {t("Share")}
      </ShareButton>
      {phone ? (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 font-semibold"
        >
          <Phone aria-hidden="true" className="size-4" /> {t("Call")}
        </a>
      ) : null}
      {addToTrail}
    </div>
  );
}
