import { useEffect, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import { initials } from "~/lib/rules/initials";

/**
 * A person's picture in a circle, or their initials when there is none or it does not load (a deleted file, an
 * address the page's CSP refuses). `className` sizes the circle and its letters, `initialsClassName` colours the
 * initials.
 */
export function UserAvatar({
  name,
  url,
  className,
  initialsClassName = "bg-primary text-primary-foreground",
}: {
  name: string;
  url: string | null;
  className: string;
  initialsClassName?: string;
}) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A new picture gets its own chance to load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the address changes, not on every render.
  useEffect(() => setFailed(false), [url]);
  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const shape = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;
  if (url && !failed) {
    return (
      <img
        ref={image}
        src={url}
        alt={t("Picture of {name}", { name })}
        onError={() => setFailed(true)}
        className={`${shape} object-cover`}
      />
    );
  }
  return (
    <span role="img" aria-label={name} className={`${shape} font-bold ${initialsClassName}`}>
      {initials(name)}
    </span>
  );
}
