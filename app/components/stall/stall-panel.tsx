import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One of the stall page's boxes (About, Menu, Location, Hours, Quick Actions), named by its heading. */
export function StallPanel({
  id,
  title,
  icon: Icon,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-5">
      {Icon ? (
        <h2 id={id} className="flex items-center gap-2 font-bold text-xl">
          <Icon aria-hidden="true" className="size-5 text-primary" /> {title}
        </h2>
      ) : (
        <h2 id={id} className="font-bold text-xl">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
