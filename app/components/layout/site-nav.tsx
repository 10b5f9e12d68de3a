import { Link, NavLink, useLocation } from "@remix-run/react";
import {
  Bell,
  Bookmark,
  CirclePlus,
  Compass,
  Film,
  House,
  type LucideIcon,
  Menu,
  Newspaper,
  Route,
  Search,
  Settings,
  User,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Modal } from "~/components/community/modal";
import { CountBadge, NotificationBell, useUnreadBadge } from "~/components/notifications/bell";
import { useT } from "~/components/use-t";
import { UserAvatar } from "~/components/user-avatar";
import { msg } from "~/lib/i18n/translate";

// The product's sections, and where each bar shows them (ADR 032). A desktop shows every section in the header: one
// click. A phone keeps the spec's five tabs and opens the rest from the header's Menu: two taps. Sections that need
// an account are plain links for visitors too: their pages send them to sign in and back.

type Section = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The places to browse: the header's text links, and the menu's first list. */
const BROWSE: readonly Section[] = [
  { to: "/", label: msg("Home"), icon: House, end: true },
  { to: "/discover", label: msg("Discover"), icon: Compass },
  { to: "/search", label: msg("Search"), icon: Search },
  { to: "/feed", label: msg("Feed"), icon: Newspaper },
  { to: "/reels", label: msg("Reels"), icon: Film },
  { to: "/food-trails", label: msg("Food Trails"), icon: Route },
];

/** One's own places, the header's icons (Notifications is the bell, Profile the avatar). */
const BOOKMARKS: Section = { to: "/bookmarks", label: msg("My Food Trail"), icon: Bookmark };
const SETTINGS: Section = { to: "/settings", label: msg("Settings"), icon: Settings };
const PROFILE: Section = { to: "/profile", label: msg("Profile"), icon: User };

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

/** The phone header's Menu button and the sheet it opens: every section, the tab bar's five included, so the sheet
 * alone is a map of the product. Escape closes it and focus goes back to the button. */
export function PhoneMenu() {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A link chosen in the sheet navigates: the sheet closes with it (also on Back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, not on what it reads
  useEffect(() => {
    if (dialog.current?.open) dialog.current.close();
  }, [pathname]);
  return (
    <div className="md:hidden">
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">{t("Menu")}</span>
      </button>
      <Modal ref={dialog} title={t("Menu")} onClose={() => opener.current?.focus()}>
        <nav aria-label={t("All sections")} className="space-y-4">
          <ul className="grid grid-cols-2 gap-2">
            {BROWSE.map((section) => (
              <li key={section.to}>
                <MenuLink section={section} />
              </li>
            ))}
          </ul>
          <ul className="grid grid-cols-2 gap-2">
            <li>
              <MenuLink section={PROFILE} />
            </li>
            <li>
              <NotificationsMenuLink />
            </li>
            <li>
              <MenuLink section={BOOKMARKS} />
            </li>
            <li>
              <MenuLink section={SETTINGS} />
            </li>
          </ul>
          <Link
            to="/add-stall"
            className="flex items-center justify-center gap-2 rounded-full bg-primary px-4 py-3 font-semibold text-primary-foreground"
          >
            <CirclePlus aria-hidden="true" className="size-5" />
            {t("Add a Stall")}
          </Link>
        </nav>
      </Modal>
    </div>
  );
}

const MENU_LINK =
  "flex h-full min-h-12 items-center gap-2 rounded-xl border border-border px-3 py-2 font-medium hover:bg-surface-muted aria-[current=page]:border-primary aria-[current=page]:bg-surface-muted aria-[current=page]:text-primary-strong";

function MenuLink({ section: { to, label, icon: Icon, end } }: { section: Section }) {
  const t = useT();
  return (
    <NavLink to={to} end={end} className={MENU_LINK}>
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {t(label)}
    </NavLink>
  );
}

function NotificationsMenuLink() {
  const { badge, label } = useUnreadBadge();
  const t = useT();
  return (
    <NavLink to="/notifications" aria-label={label} className={MENU_LINK}>
      <Bell aria-hidden="true" className="size-5 shrink-0" />
      {t("Notifications")}
      {badge ? <CountBadge text={badge} className="ml-auto" /> : null}
    </NavLink>
  );
}
