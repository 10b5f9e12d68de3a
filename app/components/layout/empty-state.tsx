import type { ReactNode } from "react";

const DASHED_BOX = "rounded-2xl border border-border border-dashed bg-surface p-6 text-center";

/**
 * What a list says in its place when it has nothing to show (the feed's tabs, the reels): its icon in a circle, a
 * title, then what to do about it (`children`). `className` replaces the dashed box where the place needs its
 * own size.
 */
export function EmptyState({
  icon,
  title,
  className = DASHED_BOX,
  children,
}: {
  icon: ReactNode;
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-surface-muted text-primary-strong">
        {icon}
      </div>
      <h2 className="mt-3 font-bold text-lg">{title}</h2>
      {children}
    </div>
  );
}
