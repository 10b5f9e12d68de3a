import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const DASHED_BOX = "rounded-2xl border border-border border-dashed bg-surface p-6 text-center";

/**
 * What a list says in its place when it has nothing to show (the feed's tabs, the reels): its icon in a circle, a
 * title, the line that says why (`text`), then what to do about it (`children`). `className` replaces the dashed
 * box where the place needs its own size.
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  className = DASHED_BOX,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-surface-muted text-primary-strong">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h2 className="mt-3 font-bold text-lg">{title}</h2>
      <p className="mt-1 text-ink-muted text-sm">{text}</p>
      {children}
    </div>
  );
}
