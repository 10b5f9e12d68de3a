import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** How a titled section looks, with its heading's look: named, so the same box reads the same on every page. */
const LOOKS = {
  /** A box of the stall page (About, Reviews, Still here?...). */
  panel: { box: "rounded-xl border border-border bg-surface p-5", heading: "font-bold text-xl" },
  /** A card of the settings pages (Backup Data, Import...). */
  card: { box: "rounded-xl border border-border bg-surface p-4", heading: "font-semibold text-lg" },
  /** A part of a page with no box of its own (a list of trails). */
  plain: { box: undefined, heading: "font-bold text-xl" },
  /** A smaller part with no box (search's trending, recent and popular lists). */
  group: { box: undefined, heading: "font-bold text-lg" },
} as const;

/**
 * A section named by its own heading (`aria-labelledby` the heading's `id`), so that assistive technology lists it
 * by that name. `look` is the box and heading; `className` / `titleClassName` replace them where a page differs;
 * `icon` stands before the title. `anchor` is the section's own id where a link points at it (`#anchor`).
 */
export function TitledSection({
  id,
  title,
  icon: Icon,
  look = "plain",
  heading: Heading = "h2",
  anchor,
  className,
  titleClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  icon?: LucideIcon;
  look?: keyof typeof LOOKS;
  heading?: "h2" | "h3";
  anchor?: string;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  const { box, heading } = LOOKS[look];
  return (
    <section id={anchor} aria-labelledby={id} className={className ?? box}>
      <Heading id={id} className={titleClassName ?? (Icon ? `flex items-center gap-2 ${heading}` : heading)}>
        {Icon ? <Icon aria-hidden="true" className="size-5 text-primary" /> : null}
        {Icon ? " " : null}
        {title}
      </Heading>
      {children}
    </section>
  );
}
