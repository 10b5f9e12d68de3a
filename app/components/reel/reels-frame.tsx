import { Link } from "@remix-run/react";
import { type LucideIcon, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { useSignedIn } from "~/components/community/sign-in-gate";
import { EmptyState } from "~/components/layout/empty-state";
import { useT } from "~/components/use-t";

/**
 * The reel pages' frame: a bar (the page's own controls, then 'Add a reel' for members) over the feed, which fills
 * the rest of the screen. On phones that is the screen less the site's header, this bar and the tab bar; from md up
 * a centred 9:16 column as tall as the screen less the header and this bar. dvh, so a phone's address bar never
 * covers a reel's overlay.
 */
export function ReelsFrame({ title, bar, children }: { title: string; bar: ReactNode; children: ReactNode }) {
  const t = useT();
  const signedIn = useSignedIn();
  return (
    <div className="mx-auto flex w-full flex-col [--reel-height:calc(100dvh-10.5rem-env(safe-area-inset-bottom))] md:w-[calc(var(--reel-height)*9/16)] md:min-w-96 md:max-w-full md:[--reel-height:calc(100dvh-7rem)]">
      <h1 className="sr-only">{title}</h1>
      <div className="flex h-14 items-center gap-2 px-2">
        <div className="min-w-0 flex-1">{bar}</div>
        {signedIn ? (
          <Link
            to="/reels/new"
            aria-label={t("Add a reel")}
            title={t("Add a reel")}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary-strong"
          >
            <Plus aria-hidden="true" className="size-5" />
          </Link>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/** What stands in the feed's place when there is nothing to play: as tall as a reel, so nothing moves. */
export function ReelsEmpty({
  icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      className="flex h-(--reel-height) flex-col items-center justify-center rounded-2xl border border-border border-dashed bg-surface p-6 text-center"
    >
      {children}
    </EmptyState>
  );
}
