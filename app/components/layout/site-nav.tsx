import { Link, NavLink, useLocation } from "@remix-run/react";
import { CirclePlus, Menu, User } from "lucide-react";
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { NotificationBell } from "~/components/notifications/bell";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { BOOKMARKS, BROWSE, SETTINGS } from "./sections";

const ICON_LINK =
  "inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=page]:bg-surface-muted aria-[current=page]:text-primary-strong";

/** The desktop header's one nav: every section, one click away. Between md and lg the browse links are icons, named
 * by their hidden text, so the row fits a tablet. */
export function DesktopNav({
  viewerName,
  avatarUrl,
}: {
  viewerName: string | null;
  avatarUrl: string | null;
}) {
  const t = useT();
  return (
    <nav aria-label={t("Main")} className="hidden flex-1 items-center gap-2 md:flex">
      <ul className="flex items-center gap-1">
        {BROWSE.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className="flex items-center rounded-md px-2 py-2 font-medium text-ink-muted text-sm hover:text-ink aria-[current=page]:bg-surface-muted aria-[current=page]:text-primary-strong lg:px-3"
            >
              <Icon aria-hidden="true" className="size-5 lg:hidden" />
              <span className="sr-only lg:not-sr-only">{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="ml-auto flex items-center gap-1">
        <Link
          to="/add-stall"
          className="mr-1 inline-flex items-center gap-1 rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground text-sm hover:bg-primary-strong"
        >
          <CirclePlus aria-hidden="true" className="size-4" />
          {t("Add Stall")}
        </Link>
        {[BOOKMARKS, SETTINGS].map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} aria-label={t(label)} title={t(label)} className={ICON_LINK}>
            <Icon aria-hidden="true" className="size-5" />
          </NavLink>
        ))}
        <NotificationBell />
        <NavLink
          to="/profile"
          aria-label={viewerName ? t("Profile of {name}", { name: viewerName }) : t("Profile")}
          className="inline-flex size-9 items-center justify-center rounded-full border border-border text-ink-muted hover:text-ink aria-[current=page]:border-primary aria-[current=page]:text-primary"
        >
          {viewerName ? (
            <UserAvatar
              name={viewerName}
              url={avatarUrl}
              className="size-full text-sm"
              initialsClassName=""
            />
          ) : (
            <User aria-hidden="true" className="size-5" />
          )}
        </NavLink>
      </div>
    </nav>
  );
}

/** The phone header's Menu button. Its sheet's code loads when a pointer or focus reaches the button, so a tap
 * rarely waits for it; a press before it arrives opens the sheet once it has. Escape closes the sheet and focus goes
 * back to the button. */
export function PhoneMenu() {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [wanted, setWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const { pathname } = useLocation();
  // A link chosen in the sheet navigates: the sheet closes with it (also on Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, not on what it reads
  useEffect(() => {
    if (dialog.current?.open) dialog.current.close();
  }, [pathname]);
  const load = () => setWanted(true);
  return (
    <div className="md:hidden">
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={load}
        onPointerDown={load}
        onFocus={load}
        onClick={() => {
          if (dialog.current) dialog.current.showModal();
          else {
            setWanted(true);
            setOpenOnLoad(true);
          }
        }}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">{t("Menu")}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LoadedSheet
            dialog={dialog}
            open={openOnLoad}
            onOpened={() => setOpenOnLoad(false)}
            onClose={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

const PhoneMenuSheet = lazy(() =>
  import("./phone-menu-sheet").then((module) => ({ default: module.PhoneMenuSheet })),
);

/** The sheet once its code is here, opened at once when the button was pressed before. */
function LoadedSheet({
  dialog,
  open,
  onOpened,
  onClose,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  open: boolean;
  onOpened: () => void;
  onClose: () => void;
}) {
  useEffect(() => {
    if (!open) return;
    dialog.current?.showModal();
    onOpened();
  }, [dialog, open, onOpened]);
  return <PhoneMenuSheet ref={dialog} onClose={onClose} />;
}
