import { Link, NavLink } from "@remix-run/react";
import { CirclePlus, User } from "lucide-react";
import { NotificationBell } from "~/components/notifications/notification-bell";
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
