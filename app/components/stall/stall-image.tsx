import { type ImgHTMLAttributes, useState } from "react";

export const FALLBACK_IMAGE = "/stalls/fallback.svg";

/** A stall picture that falls back to a neutral drawing when the file is missing or fails to load. */
export function StallImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? FALLBACK_IMAGE : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
