import { type ImgHTMLAttributes, useCallback, useState } from "react";

export const FALLBACK_IMAGE = "/stalls/fallback.svg";

/**
 * A stall picture that falls back to a neutral drawing when the file is missing or fails to load. Every stall
 * photo on every page is one of these, so no page shows the browser's broken-image icon.
 */
export function StallImage({
  src,
  srcSet,
  alt,
  firstOnScreen = false,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null;
  /** The page's largest early picture (its first card's): fetched at once and first, not when laid out. */
  firstOnScreen?: boolean;
}) {
  // The photo that failed, not a flag: a gallery that switches to another photo tries that one afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || src === failedSrc ? FALLBACK_IMAGE : src;
  // A server-rendered photo can fail before hydration, when React is not yet listening for its error event: read
  // the outcome off the element once React has it (a broken image is complete with no width).
  const settled = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && src && shown === src && img.complete && img.naturalWidth === 0) setFailedSrc(src);
    },
    [src, shown],
  );
  return (
    <img
      ref={settled}
      src={shown}
      // The browser prefers a srcset to src: the fallback drawing goes without the photo's sizes.
      srcSet={shown === src ? srcSet : undefined}
      alt={alt}
      loading={firstOnScreen ? "eager" : "lazy"}
      fetchPriority={firstOnScreen ? "high" : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      {...rest}
    />
  );
}
