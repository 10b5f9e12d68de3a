import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { Modal } from "./modal";

/**
 * A post's photos (up to four) as a grid of buttons; one tapped opens large in a dialog, with the previous and next
 * ones a button (or arrow key) away.
 */
export function PostPhotos({ images, author }: { images: string[]; author: string }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const [shown, setShown] = useState(0);
  if (images.length === 0) return null;
  const label = (index: number) =>
    t("Photo {number} of {total} by {name}", { number: index + 1, total: images.length, name: author });
  const step = (by: number) => setShown((index) => (index + by + images.length) % images.length);
  return (
    <>
      <ul
        className={`mt-3 grid gap-1 overflow-hidden rounded-xl ${images.length === 1 ? "" : "grid-cols-2"}`}
      >
        {images.map((url, index) => (
          <li key={url} className={images.length === 3 && index === 0 ? "row-span-2" : ""}>
            <button
              ref={(element) => {
                openers.current[index] = element;
              }}
              type="button"
              onClick={() => {
                setShown(index);
                dialog.current?.showModal();
              }}
              aria-label={t("Enlarge photo {number}", { number: index + 1 })}
              aria-haspopup="dialog"
              className="block size-full"
            >
              <img
                src={url}
                alt=""
                loading="lazy"
                className={`w-full bg-surface-muted object-cover ${
                  images.length === 1
                    ? "max-h-96"
                    : images.length === 3 && index === 0
                      ? "h-full"
                      : "aspect-square"
                }`}
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal ref={dialog} title={label(shown)} wide onClose={() => openers.current[shown]?.focus()}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys are a shortcut; the buttons do the same. */}
        <div
          className="relative"
          onKeyDown={(event) => {
            if (images.length < 2) return;
            if (event.key === "ArrowLeft") step(-1);
            if (event.key === "ArrowRight") step(1);
          }}
        >
          <img
            src={images[shown]}
            alt={label(shown)}
            className="max-h-[75vh] w-full rounded-lg object-contain"
          />
          {images.length > 1 ? (
            <div className="mt-3 flex justify-center gap-3">
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label={t("Previous photo")}
                className="inline-flex size-11 items-center justify-center rounded-full border border-border hover:bg-surface-muted"
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label={t("Next photo")}
                className="inline-flex size-11 items-center justify-center rounded-full border border-border hover:bg-surface-muted"
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
            </div>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
