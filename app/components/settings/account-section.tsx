import type { ReactNode } from "react";

/** One section of Settings > Account: a card with its heading, reachable at #<id>. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 rounded-xl border border-border bg-surface p-4 md:p-6"
    >
      <h2 id={`${id}-heading`} className="font-semibold text-lg">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A secondary action's button look in these sections. */
export const OUTLINE_BUTTON =
  "inline-flex items-center gap-1 rounded-full border border-border px-4 py-2 font-semibold text-sm disabled:opacity-60";
export const PRIMARY_BUTTON =
  "inline-flex items-center gap-1 rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground text-sm hover:bg-primary-strong disabled:opacity-60";
export const DANGER_BUTTON =
  "inline-flex items-center gap-1 rounded-full border border-closed px-4 py-2 font-semibold text-closed text-sm disabled:opacity-60";
