import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";

/** One of Home's ways into a section: its heading (and a line under it), a link to the whole section beside it, and a
 * sample of what is there below. */
export function StripSection({
  id,
  title,
  intro,
  more,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="font-bold text-xl">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between gap-4">
        {intro ? (
          <div>
            {heading}
            <p className="mt-1 text-ink-muted text-sm">{intro}</p>
          </div>
        ) : (
          heading
        )}
        <Link
          to={more.to}
          className="inline-flex shrink-0 items-center gap-1 font-semibold text-primary-strong text-sm underline"
        >
          {more.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
