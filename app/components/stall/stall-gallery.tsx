import { useState } from "react";
import { StallImage } from "~/components/stall/stall-image";
import { useT } from "~/components/use-t";
import { SMALL_PHOTO_MAX_WIDTH } from "~/lib/http/image-size";

// The hero's box: the page's width at most (max-w-5xl less its padding), the screen's less its padding on phones.
const HERO_WIDTH = 1280;
const HERO_SIZES = "(min-width: 64rem) 62rem, calc(100vw - 2rem)";

/** The stall page's hero photo and, with more than one, the buttons that choose it. `smallImages` are the photos'
 * small copies, for phones in the hero's srcset and for the buttons. */
export function StallGallery({
  name,
  images: photos,
  smallImages,
}: {
  name: string;
  images: string[];
  smallImages: (string | null)[];
}) {
  const [selected, setSelected] = useState(0);
  const images = photos.length > 0 ? photos : [null];
  const small = smallImages[selected];
  const srcSet = small ? `${small} ${SMALL_PHOTO_MAX_WIDTH}w, ${images[selected]} ${HERO_WIDTH}w` : undefined;
  const t = useT();
  return (
    <>
      <section aria-label={t("Photos")} className="overflow-hidden rounded-2xl bg-surface-muted">
        {/* The page's largest paint: fetched first (React puts a preload link for it, with its srcset, in the head),
            its box reserved before it arrives. */}
        <StallImage
          src={images[selected] ?? null}
          srcSet={srcSet}
          sizes={srcSet ? HERO_SIZES : undefined}
          alt={t("{name}, photo {number} of {total}", {
            name,
            number: selected + 1,
            total: images.length,
          })}
          className="aspect-[16/9] w-full object-cover"
          loading="eager"
          fetchPriority="high"
          width={HERO_WIDTH}
          height={720}
        />
      </section>
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto" aria-label={t("Choose a photo")}>
          {images.map((image, index) => (
            // The same picture may appear twice in a gallery, so its place is part of its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order of photos never changes on this page.
            <li key={`${image}-${index}`}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t("Show photo {number}", { number: index + 1 })}
                aria-pressed={selected === index}
                className={`block overflow-hidden rounded-lg border-2 ${selected === index ? "border-primary" : "border-transparent"}`}
              >
                <StallImage src={smallImages[index] ?? image} alt="" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
