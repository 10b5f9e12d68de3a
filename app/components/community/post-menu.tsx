import { LoaderCircle, MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "~/components/use-t";
import type { PostMenuParts, PostMenuProps } from "./post-menu-items";

// The menu's items and dialogs (the modal, block and mute, their icons) are fetched when a pointer or focus first
// reaches the menu's button, not with every page of posts: none of it is drawn until the menu opens.
const items = () => import("./post-menu-items");
const PostMenuList = lazy(() => items().then((module) => ({ default: module.PostMenuList })));
const PostMenuDialogs = lazy(() => items().then((module) => ({ default: module.PostMenuDialogs })));

/**
 * A post's menu (a disclosure, as the stall page's menus are): Report, Mute and Block its author for anyone else, Edit
 * and Delete for its author. Report, Block and Delete open dialogs; Edit hands back to the card, and a block or mute
 * takes the post away (`onAuthorKeptAway`).
 */
export function PostMenu(props: PostMenuProps) {
  const t = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const report = useRef<HTMLDialogElement>(null);
  const confirmDelete = useRef<HTMLDialogElement>(null);
  const [reporting, setReporting] = useState(false);
  const [wanted, setWanted] = useState(false);
  const load = () => setWanted(true);
  const parts: PostMenuParts = { menu, summary, report, confirmDelete, reporting, setReporting };
  return (
    <>
      <details
        ref={menu}
        className="relative"
        // The summary's intent, heard here: a pointer over it or focus on it.
        onPointerEnter={load}
        onPointerDown={load}
        onFocus={load}
        onToggle={(event) => {
          if (event.currentTarget.open) load();
        }}
      >
        <summary
          ref={summary}
          aria-label={t("More actions")}
          className="inline-flex size-9 cursor-pointer list-none items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted marker:hidden"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </summary>
        {wanted ? (
          <Suspense fallback={<MenuLoading />}>
            <PostMenuList {...props} parts={parts} />
          </Suspense>
        ) : null}
      </details>
      {wanted ? (
        <Suspense fallback={null}>
          <PostMenuDialogs {...props} parts={parts} />
        </Suspense>
      ) : null}
    </>
  );
}

/** In the open menu's place while its items download (a slow network, the first press before any intent). */
function MenuLoading() {
  const t = useT();
  return (
    <p
      role="status"
      className="absolute right-0 z-20 mt-1 flex w-44 items-center gap-2 rounded-xl border border-border bg-surface p-3 text-ink-muted text-sm shadow-lg"
    >
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {t("Loading...")}
    </p>
  );
}
